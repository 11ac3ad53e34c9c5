import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../../lib/audit-actions';
import {
  approvalsIn,
  approvingPeople,
  billApprovals,
  changesWhatIsPaid,
  openStepApprovers,
} from '../../lib/bill-approvals';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { formatCents } from '../../lib/money';
import { createVendorMethodSchema } from '../../lib/requests/accounts-payable';
import { activePolicy } from '../approvals/policy';
import { idempotencyKeysOf } from '../db/controls-schema';
import {
  billEdits,
  deleteBillApproval,
  insertBillApproval,
  insertBillCreation,
  insertBillEdit,
  billApprovals as recordedApprovals,
} from '../db/repositories/accounts-payable/bill-approvals';
import { notAForm, Refusal, unjudgedFields } from '../errors';
import type { CallService } from '../gate/service-calls';
import { type Reservation, reserveSpend } from '../gate/spend';
import type { SessionMember } from '../identity/sign-in';
import { heldUntil } from '../members/hold';
import type { TeamRequestView } from '../members/team-requests';
import type { Team } from '../team';
import { billNoteMissing, NOTE_MISSING } from './bill-notes';
import { dailyLimitWordsForABill } from './bill-pay-words';
import { billPeople, CREATION_CHANGED, handsOf } from './bill-people';
import { type MethodChangeView, proposeMethodChange } from './method-changes';
import { judgePolicyChange } from './policy-changes';
import { type Bill, billOf, creatorOf, methodFingerprint, vendorOf, waitingFor } from './service-reads';
import { apUserOf, matchOf, whyNoAct } from './team/ap-user-links';

/**
 * The team's rules of accounts payable, as the `/v2` gate applies them before a member's request is sent:
 * - who acts is the server's word: `acting_user_id` is the member's AP user (the organization's AP user of their
 *   email), whatever the client sent; a member with none reads bills but cannot act;
 * - no one approves their own bill, only the open step's approvers decide, and one person approves at most one step;
 *   "one" is a member, under whichever AP user they acted (bill-people.ts: upstream a member can be linked anew);
 * - no one pays a bill alone: above the organization's approval limit it is paid only if someone approved it who is
 *   neither its creator, nor its last editor, nor the payer, after the last change of what is paid
 *   (lib/bill-approvals.ts); the last editor approves nothing; the payment method each approver was shown must still
 *   be the bill's at pay; a paid bill counts against the payer's daily limit;
 * - with approvals on, adding or deleting a vendor's payment method waits for a second member (method-changes.ts);
 * - every line of the trail names the bill's number, vendor and amount.
 */

export type BillJudgement =
  | {
      kind: 'send';
      body: string | FormData | undefined;
      detail: string | undefined;
      amountCents: number | undefined;
      /** What the payer was counted for (released when the service refuses it). */
      reservation: Reservation | null;
      /** Runs once the service answered (to write down an approval). */
      after?: (response: Response) => Promise<void>;
    }
  | { kind: 'refused'; refusal: Refusal; detail?: string | undefined; amountCents?: number | undefined }
  | { kind: 'waiting'; request: MethodChangeView | TeamRequestView; detail: string };

const ACTING: ReadonlySet<AuditAction> = new Set([
  'bill.create',
  'bill.upload',
  'bill.update',
  'bill.cancel',
  'bill.submit',
  'bill.approve',
  'bill.reject',
  'bill.pay',
]);

/** The writes judged on what the bill is now: none goes on without the bill read. */
const JUDGED_ON_THE_BILL: ReadonlySet<AuditAction> = new Set([
  'bill.approve',
  'bill.reject',
  'bill.pay',
  'bill.update',
]);

const BILL_ID = /\/v2\/accounts-payable\/payables\/([0-9a-f-]{36})(?:\/|$)/;
const VENDOR_ID = /\/v2\/accounts-payable\/vendors\/([0-9a-f-]{36})(?:\/|$)/;

/** The actions whose body is a form: a bill's invoice PDF. */
const FORMS: ReadonlySet<AuditAction> = new Set(['bill.upload', 'bill.file.attach']);

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NAMED_BY_ID = new Set(['vendors', 'payment-methods', 'payables', 'approval-policies']);

/**
 * Whether every id of an accounts-payable path is a UUID as the service writes it (lower case, with its hyphens):
 * another spelling of one (no hyphens, upper case, a letter more) the rules would not find as the bill or vendor it
 * may be to a service that reads ids loosely.
 */
function idsAreCanonical(path: string): boolean {
  const parts = path.split('/');
  return parts.every((part, i) => {
    const after = parts[i - 1];
    if (i < 4 || !after || !NAMED_BY_ID.has(after) || (part === '' && i === parts.length - 1)) return true;
    return CANONICAL_UUID.test(part) || (after === 'payables' && part === 'upload-from-file');
  });
}

export const billDetail = (bill: { number?: string; vendor?: string | undefined; amount?: number | null }) =>
  [
    `Bill ${bill.number ?? '(no number)'}`,
    bill.vendor ?? 'no vendor yet',
    bill.amount ? formatCents(bill.amount) : 'no amount yet',
  ].join(' · ');

/**
 * The amount a bill's body names, read for the trail's words only (the service judges the body): `amount`, else the
 * sum of the items; an item that is not an object, or an amount that is not a whole number of cents, names no amount
 * rather than failing the request.
 */
function amountOf(raw: Record<string, unknown>): number | null {
  const cents = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : 0);
  const items = Array.isArray(raw.items) ? (raw.items as unknown[]) : [];
  const sum = items.reduce<number>(
    (total, item) =>
      total + (item && typeof item === 'object' ? cents((item as { amount?: unknown }).amount) : 0),
    0,
  );
  return cents(raw.amount) || (Number.isSafeInteger(sum) ? sum : 0) || null;
}

export async function judgeBillRequest(
  team: Team,
  call: CallService | null,
  found: SessionMember,
  action: AuditAction,
  request: { path: string; raw: Record<string, unknown> | FormData },
): Promise<BillJudgement> {
  const credentials = team.credentialsFor(found.organization);
  const { raw } = request;
  const asBody = (value: Record<string, unknown> | FormData) =>
    value instanceof FormData ? value : JSON.stringify(value);
  // Without the organization's credentials or a way to call the service the gate refuses the request anyway.
  if (!credentials || !call) {
    return { kind: 'send', body: asBody(raw), detail: undefined, amountCents: undefined, reservation: null };
  }
  const path = request.path;
  // Only a bill's PDF comes as a form: everything else the rules read as JSON, or not at all (a bill's edit sent as a
  // form would reach a service that reads forms with no note of who changed what is paid).
  if (raw instanceof FormData && !FORMS.has(action)) return { kind: 'refused', refusal: notAForm() };
  // An id the rules would not read as the bill, vendor or policy the service reads is refused, never sent unjudged.
  if (!idsAreCanonical(path)) {
    return {
      kind: 'refused',
      refusal: new Refusal(403, 'not-found-or-unauthorized', 'Resource not found or unauthorized'),
    };
  }
  if (action.startsWith('ap-policy.') && !(raw instanceof FormData)) {
    // Who approves what is the team's rule: it changes under the second-admin rule (policy-changes.ts).
    const judged = await judgePolicyChange(team, call, found, action, path, raw);
    if (judged.kind === 'send') {
      return {
        kind: 'send',
        body: asBody(raw),
        detail: judged.detail,
        amountCents: undefined,
        reservation: null,
      };
    }
    return judged;
  }
  const billId = BILL_ID.exec(path)?.[1];
  const bill = billId && !path.endsWith('/upload-from-file') ? await billOf(call, credentials, billId) : null;
  // A bill or vendor the service says is not there: a write that its rules need is refused here, as the service would,
  // rather than sent on trusting that it will be.
  const notThere = (): BillJudgement => ({
    kind: 'refused',
    refusal: new Refusal(403, 'not-found-or-unauthorized', 'Resource not found or unauthorized'),
  });
  if (billId && !bill && JUDGED_ON_THE_BILL.has(action)) return notThere();
  let detail: string | undefined = bill
    ? billDetail({ number: bill.number, vendor: bill.ap_vendor_name, amount: bill.amount })
    : undefined;
  const amountCents = bill?.amount || undefined;

  if (action === 'vendor-method.add' || action === 'vendor-method.delete' || action === 'vendor.delete') {
    const vendorId = VENDOR_ID.exec(path)?.[1] ?? '';
    const vendor = await vendorOf(call, credentials, vendorId);
    if (!vendor && action !== 'vendor.delete') return notThere();
    detail = `Vendor ${vendor?.name ?? vendorId}`;
    if (
      action !== 'vendor.delete' &&
      vendor &&
      (await activePolicy(team.database.db, found.organization.id)).enabled
    ) {
      const parsed = action === 'vendor-method.add' ? createVendorMethodSchema.safeParse(raw) : null;
      if (parsed && !parsed.success) {
        // Nothing waits that could never be made, and bank details the rule cannot read are not sent unjudged.
        return { kind: 'refused', refusal: unjudgedFields(fieldErrorsFrom(parsed.error.issues)), detail };
      }
      const waiting = await proposeMethodChange(
        team,
        call,
        found,
        vendor,
        action,
        path,
        raw as Record<string, unknown>,
      );
      if (waiting instanceof Refusal) return { kind: 'refused', refusal: waiting, detail };
      return {
        kind: 'waiting',
        detail: `${detail} · •••• ${waiting.mask}: waits for a second member`,
        request: waiting,
      };
    }
    return { kind: 'send', body: asBody(raw), detail, amountCents: undefined, reservation: null };
  }
  if (action === 'bill.create' && !(raw instanceof FormData)) {
    const vendorId = typeof raw.ap_vendor_id === 'string' ? raw.ap_vendor_id : null;
    const vendor = vendorId ? await vendorOf(call, credentials, vendorId) : null;
    detail = billDetail({
      number: typeof raw.number === 'string' ? raw.number : undefined,
      vendor: vendor?.name,
      amount: amountOf(raw),
    });
  }
  if (action === 'bill.update' && bill && !(raw instanceof FormData)) {
    // The trail names what the bill becomes, and what it was.
    const next = amountOf(raw);
    if (next !== null && next !== bill.amount) {
      detail = `${billDetail({ number: typeof raw.number === 'string' ? raw.number : bill.number, vendor: bill.ap_vendor_name, amount: next })} (was ${bill.amount ? formatCents(bill.amount) : 'no amount'})`;
    }
  }
  if (!ACTING.has(action)) {
    return { kind: 'send', body: asBody(raw), detail, amountCents, reservation: null };
  }

  const apUser = await apUserOf(team, call, credentials, found);
  const whyNot = whyNoAct(matchOf(team), apUser);
  if (!apUser || whyNot) {
    return { kind: 'refused', detail, amountCents, refusal: new Refusal(403, 'no-ap-user', whyNot ?? '') };
  }
  if (raw instanceof FormData) raw.set('acting_user_id', String(apUser.id));
  else raw.acting_user_id = apUser.id;
  const body = asBody(raw);
  const refuse = (status: 403 | 409, code: string, message: string): BillJudgement => ({
    kind: 'refused',
    detail,
    amountCents,
    refusal: new Refusal(status, code, message),
  });

  const db = team.database.db;
  if (action === 'bill.create' || action === 'bill.upload') {
    // Who made the bill is the member, whichever AP user they act as later.
    const after = async (response: Response) => {
      if (!response.ok) return;
      const made = (await response
        .clone()
        .json()
        .catch(() => null)) as { id?: unknown } | null;
      if (typeof made?.id !== 'string') return;
      await insertBillCreation(db, {
        org_id: found.organization.id,
        bill_id: made.id,
        member_id: found.member.id,
        ap_user_id: apUser.id,
        at: team.now().toISOString(),
      });
    };
    return { kind: 'send', body, detail, amountCents, reservation: null, after };
  }
  if (action === 'bill.update' && bill && !(raw instanceof FormData)) {
    const material = changesWhatIsPaid(bill as unknown as Record<string, unknown>, raw);
    const approvalsBefore = approvalsIn(bill);
    const after = async (response: Response) => {
      if (!response.ok) return;
      await insertBillEdit(db, {
        id: randomUUID(),
        org_id: found.organization.id,
        bill_id: bill.id,
        member_id: found.member.id,
        ap_user_id: apUser.id,
        material: material ? 1 : 0,
        approvals_before: approvalsBefore,
        at: team.now().toISOString(),
      });
    };
    return { kind: 'send', body, detail, amountCents, reservation: null, after };
  }
  if ((action === 'bill.approve' || action === 'bill.reject') && bill) {
    if (creatorOf(bill) === apUser.id) {
      return refuse(403, 'own-bill', 'You made this bill: someone else approves or rejects it');
    }
    const edits = await editsOf(db, found, bill);
    if (!edits) return refuse(409, 'bill-edit-changed', EDIT_CHANGED);
    const recorded = await recordedApprovals(db, found.organization.id, bill.id);
    if (await billNoteMissing(team, found.organization.id, bill.id, notedBy(recorded.approvals, edits)))
      return refuse(409, 'bill-record-missing', NOTE_MISSING);
    const people = await billPeople(team, call, credentials, found.organization.id, bill, {
      approvals: recorded.approvals,
      edits,
    });
    if (people === 'forged') return refuse(409, 'bill-creation-changed', CREATION_CHANGED);
    const me = found.member.id;
    if (people.creator === me) {
      return refuse(
        403,
        'own-bill',
        'You made this bill (as another AP user): someone else approves or rejects it',
      );
    }
    if (action === 'bill.approve') {
      const now = team.now();
      if (heldUntil(found.member, now)) {
        return refuse(
          403,
          'approver-held',
          'Your password or authenticator was reset lately: until the hold ends, your approvals do not count. Another member approves it',
        );
      }
      if ((await handsOf(db, found.organization.id, [people.creator], now)).has(me)) {
        return refuse(
          403,
          'approver-excluded',
          "The password of your account or of this bill's maker was set through a one-time link shown to the other (or both to the same admin), or you reset the maker's credentials lately: one person may hold both, so another member approves it",
        );
      }
    }
    const editors = billApprovals(bill, { payer: null, edits }).lastEditors;
    if (action === 'bill.approve' && (editors.includes(apUser.id) || people.lastEditors.includes(me))) {
      return refuse(
        403,
        'own-edit',
        'You changed this bill last: someone other than its creator and its last editor approves it',
      );
    }
    if (!waitingFor(bill).includes(apUser.id)) {
      return refuse(403, 'not-an-approver', "You are not an approver of this bill's open step");
    }
    // An approval of this bill the service still holds, given by this member as another AP user.
    const given = new Set(
      (bill.approval_steps ?? []).flatMap((step) =>
        step.user_approvals.filter((a) => a.approval_given).map((a) => a.user_id),
      ),
    );
    const approvedAsAnother = recorded.approvals.some(
      (a) => a.member_id === me && a.ap_user_id !== apUser.id && given.has(a.ap_user_id),
    );
    if (
      action === 'bill.approve' &&
      (approvedAsAnother || !openStepApprovers(bill).mayApprove.includes(apUser.id))
    ) {
      return refuse(
        403,
        'one-step-each',
        'You approved an earlier step of this bill: each step is approved by someone else, or one person would decide it alone',
      );
    }
    if (action === 'bill.approve') {
      // The method the approver is shown now: the bill is paid to it or not at all.
      const fingerprint = await methodFingerprint(call, credentials, bill);
      if (!fingerprint)
        return refuse(
          409,
          'payee-method-changed',
          "The bill's payment method cannot be read: it was deleted",
        );
      // Noted before it is sent: a payment judged while the service holds the approval finds whose it is, whatever
      // AP user the member is linked to by then. Taken back when the service refuses it.
      // One note per member and round of the bill (its edits so far, as the console and the service count them): two
      // approvals of one member sent at once, each judged before the other landed, cannot both be sent (a two-step
      // bill decided by one). A bill edited and submitted again is a new round.
      const round = edits.length + (bill.action_history ?? []).filter((a) => a.action === 'update').length;
      const noteId = randomUUID();
      const noted = await insertBillApproval(db, {
        id: noteId,
        org_id: found.organization.id,
        bill_id: bill.id,
        member_id: found.member.id,
        ap_user_id: apUser.id,
        method_fingerprint: fingerprint,
        at: team.now().toISOString(),
        round,
      });
      if (!noted) {
        return refuse(
          403,
          'one-step-each',
          'You approved this bill already (or are approving it now): each approval of it is someone else’s',
        );
      }
      const after = async (response: Response) => {
        if (response.status >= 400 && response.status < 500) await deleteBillApproval(db, noteId);
      };
      return { kind: 'send', body, detail, amountCents, reservation: null, after };
    }
  }
  if (action === 'bill.pay' && bill) return judgePay(team, call, found, apUser.id, bill, body, detail);
  return { kind: 'send', body, detail, amountCents, reservation: null };
}

/**
 * The console's record of a bill's edits, as the rule of approvals reads them; null when one does not verify (changed
 * in the database, reported): who edited last and which approvals an edit voided cannot be known, so the bill is
 * neither approved nor paid through the console.
 */
async function editsOf(db: Team['database']['db'], found: SessionMember, bill: Bill) {
  const { edits, forged } = await billEdits(db, found.organization.id, bill.id);
  if (forged > 0) return null;
  return edits.map((edit) => ({
    apUserId: edit.ap_user_id,
    memberId: edit.member_id,
    material: edit.material === 1,
    approvalsBefore: edit.approvals_before,
  }));
}

/** The members of a bill's notes of approvals and edits that verify. */
const notedBy = (approvals: readonly { member_id: string }[], edits: readonly { memberId: string }[]) => ({
  approvals: approvals.map((a) => a.member_id),
  edits: edits.map((e) => e.memberId),
});

/** The idempotency key a pay's body names, read as the gate reads every money body's (db/controls-schema.ts). */
function keyOfPay(body: string | FormData): string | null {
  if (typeof body !== 'string') return null;
  try {
    return idempotencyKeysOf(JSON.parse(body))[0] ?? null;
  } catch {
    return null;
  }
}

const EDIT_CHANGED =
  "A record of this bill's edits was changed outside the console: it is neither approved nor paid here. Cancel it and make a new bill, to be approved again";

async function judgePay(
  team: Team,
  call: CallService,
  found: SessionMember,
  payer: number,
  bill: Bill,
  body: string | FormData,
  detail: string | undefined,
): Promise<BillJudgement> {
  const credentials = team.credentialsFor(found.organization);
  const amountCents = bill.amount;
  const refuse = (status: 403 | 409, code: string, message: string, extra = {}): BillJudgement => ({
    kind: 'refused',
    detail,
    amountCents,
    refusal: new Refusal(status, code, message, { extra }),
  });
  // The same attempt sent again after its answer was lost, to a bill whose payment it started: the service answers it
  // as before. Only where no pay could move money anew (a bill approved or failed is judged below, key or not: a
  // service that ignores the key would pay it again).
  const key = keyOfPay(body);
  const payable = bill.status === 'approved' || bill.status === 'payment_failed';
  if (!payable && key && (bill.transfer_history ?? []).some((attempt) => attempt.idempotency_key === key)) {
    return { kind: 'send', body, detail, amountCents, reservation: null };
  }
  if (bill.status === 'payment_failed') {
    // The account that failed would fail again: another "Pay to", approved again, comes first (bill.update).
    return refuse(
      409,
      'payment-method-failed',
      'The payment to this account failed: choose another account to pay it to; once that is approved, pay it again',
    );
  }
  if (bill.status !== 'approved') {
    // Refused here, in the service's words, and never sent on unjudged: a bill approved (or submitted and approved at
    // once) between this read and the service would be paid past every rule below.
    return refuse(
      409,
      'invalid-status-transition',
      `A bill that is ${bill.status.replaceAll('_', ' ')} cannot be paid`,
    );
  }
  // After a reset of their credentials, what a member pays waits for another member (gate/money.ts): a bill too.
  const held = heldUntil(found.member, team.now());
  if (held) {
    return refuse(
      403,
      'approval-required',
      'Your password or authenticator was reset lately: until the hold ends, another member pays this bill',
      { limit: 'hold', held_until: held },
    );
  }
  const db = team.database.db;
  const policy = await activePolicy(db, found.organization.id);
  const edits = await editsOf(db, found, bill);
  if (!edits) return refuse(409, 'bill-edit-changed', EDIT_CHANGED);
  const approvals = billApprovals(bill, { payer, edits });
  const { approvals: recorded, forged } = await recordedApprovals(db, found.organization.id, bill.id);
  if (forged > 0) {
    return refuse(
      409,
      'bill-approval-changed',
      "A record of this bill's approval was changed outside the console: it is not paid. Cancel it and make a new bill, to be approved again",
    );
  }
  if (await billNoteMissing(team, found.organization.id, bill.id, notedBy(recorded, edits)))
    return refuse(409, 'bill-record-missing', NOTE_MISSING);
  const people = credentials
    ? await billPeople(team, call, credentials, found.organization.id, bill, { approvals: recorded, edits })
    : 'forged';
  if (people === 'forged') return refuse(409, 'bill-creation-changed', CREATION_CHANGED);
  // The counted approvals as people: none from the member who made it, changed it last or pays it, as any AP user.
  const approvers = approvingPeople(approvals.counted, {
    membersOf: people.membersOf,
    excluded: await handsOf(
      db,
      found.organization.id,
      [people.creator, ...people.lastEditors, found.member.id],
      team.now(),
    ),
  });
  if (policy.enabled && amountCents > policy.limitCents && approvers.length === 0) {
    return refuse(
      403,
      'second-person-required',
      `No one pays a bill alone: above ${formatCents(policy.limitCents)} a bill is paid only if someone approved it who is neither its creator, nor its last editor, nor the one paying it, after the last change of its amount, items, method or vendor, whatever the approval policies say`,
      { limit: 'amount' },
    );
  }
  // Each live approver's latest approval through the console: the method they were shown must still be the bill's.
  const live = new Set([
    ...approvals.counted,
    ...approvals.notCounted.filter((n) => n.why !== 'before-a-change').map((n) => n.apUserId),
  ]);
  const latest = new Map<number, string>();
  for (const approval of recorded) {
    if (live.has(approval.ap_user_id)) latest.set(approval.ap_user_id, approval.method_fingerprint);
  }
  if (latest.size > 0 && credentials) {
    const now = await methodFingerprint(call, credentials, bill);
    if ([...latest.values()].some((fingerprint) => fingerprint !== now)) {
      return refuse(
        409,
        'payee-method-changed',
        "The bill's payment method is not the one it was approved to: cancel it and make a new bill, to be approved again",
      );
    }
  }
  // Paying a bill is money the payer moves: it counts against their daily limit (the approval limit is the rule above).
  const reserved = await reserveSpend(
    db,
    {
      orgId: found.organization.id,
      memberId: found.member.id,
      amountCents,
      fileId: null,
      dailyOnly: true,
      approvedByAnother: approvers.length > 0,
    },
    team.now(),
  );
  if (reserved.kind === 'needs-approval') {
    const message = reserved.need.needed ? reserved.need.message : 'This is above your daily limit';
    return refuse(403, 'approval-required', dailyLimitWordsForABill(message), { limit: 'daily' });
  }
  return { kind: 'send', body, detail, amountCents, reservation: reserved.reservation };
}
