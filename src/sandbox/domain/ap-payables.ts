import { policyFor } from '../../lib/ap-policies';
import type {
  CreatePayable,
  PayableAction,
  PayableItem,
  UpdatePayable,
} from '../../lib/requests/accounts-payable';
import type { Disagreements, WireAgrees } from '../../lib/wire/agreement';
import type { SandboxBill } from '../../lib/wire/resources';
import {
  type ApUserRow,
  apUsersOf,
  findPayable,
  findVendor,
  findVendorMethod,
  insertPayable,
  type PayableFilter,
  type PayableListRow,
  type PayableRow,
  type PayableStatus,
  pageOfPayables,
  payableFile,
  updatePayable,
} from '../store/accounts-payable';
import type { Db } from '../store/db';
import { creditedAppOf } from '../store/tenants';
import { policiesOfOrg } from './ap-policies';
import { actingUser, fullName } from './ap-users';
import type { Caller } from './auth';
import { DomainError, found, notFoundOrUnauthorized } from './errors';
import { uuidV7 } from './ids';
import { cursorRow, DEFAULT_PAGE_SIZE, type PageQuery } from './pages';

/**
 * Bills (the vendor's payables) and their status machine (docs/sandbox.md, "Accounts payable"). Every move is an
 * action of `action_history` with who, their role, when and their comment; a refused move leaves the bill as it was.
 */

export type PayableActionName =
  | 'create'
  | 'cancel'
  | 'submit_for_approval'
  | 'approve'
  | 'reject'
  | 'initiate_payment'
  | 'retry_payment'
  | 'change_payment_method';

interface HistoryAction {
  action: PayableActionName | 'update';
  user_id: number;
  user_name: string;
  user_role: string;
  comment: string | null;
  timestamp: string;
}

export interface StoredStep {
  approver_list: number[];
  num_approvals_required: number;
  approvals: { user_id: number; comment: string | null; at: string }[];
  completed_at: string | null;
}

interface TransferAttempt {
  transfer_id: string;
  idempotency_key: string;
  created_timestamp: string;
}

/** Which moves each status allows; anything else is 409 `invalid-status-transition` (docs/sandbox.md). */
export const PAYABLE_MOVES: Readonly<Record<PayableStatus, readonly PayableActionName[]>> = {
  created: ['submit_for_approval', 'cancel'],
  submitted_for_approval: ['approve', 'reject', 'cancel'],
  approved: ['initiate_payment', 'cancel'],
  rejected: ['cancel'],
  canceled: [],
  payment_initiated: [],
  payment_completed: [],
  // Not paid again as it is: the account that failed would fail again. Another method first (payToAnotherMethod).
  payment_failed: ['change_payment_method', 'cancel'],
};

const VERBS: Record<PayableActionName, string> = {
  create: 'created',
  cancel: 'canceled',
  submit_for_approval: 'submitted for approval',
  approve: 'approved',
  reject: 'rejected',
  initiate_payment: 'paid',
  retry_payment: 'paid again',
  change_payment_method: 'paid to another method',
};

export function refuseMove(status: PayableStatus, action: PayableActionName | 'update'): DomainError {
  const verb = action === 'update' ? 'changed' : VERBS[action];
  return new DomainError(
    'conflict',
    'invalid-status-transition',
    `A bill that is ${status.replaceAll('_', ' ')} cannot be ${verb}`,
  );
}

export function checkMove(row: Pick<PayableRow, 'status'>, action: PayableActionName): void {
  if (!PAYABLE_MOVES[row.status].includes(action)) throw refuseMove(row.status, action);
}

const parse = <T>(text: string | null, empty: T): T => (text === null ? empty : (JSON.parse(text) as T));

export function stepsOf(row: Pick<PayableRow, 'steps'>): StoredStep[] {
  return parse<StoredStep[]>(row.steps, []);
}

/** `,3,7,`: who the first open step still waits for, or null. */
export function nextApprovers(steps: readonly StoredStep[]): string | null {
  const open = steps.find((step) => step.completed_at === null);
  if (!open) return null;
  const waiting = open.approver_list.filter((id) => !open.approvals.some((a) => a.user_id === id));
  return waiting.length > 0 ? `,${waiting.join(',')},` : null;
}

/** The bill's row with an action and, when the status changes, its status history, ready for updatePayable. */
export function withAction(
  row: PayableRow,
  user: ApUserRow,
  action: HistoryAction['action'],
  at: string,
  comment: string | null = null,
  status?: PayableStatus,
): Partial<PayableRow> {
  const history = parse<HistoryAction[]>(row.action_history, []);
  history.push({
    action,
    user_id: user.id,
    user_name: fullName(user),
    user_role: user.role,
    comment,
    timestamp: at,
  });
  const changes: Partial<PayableRow> = { action_history: JSON.stringify(history), updated: at };
  if (status && status !== row.status) {
    const statuses = parse<{ status: string; timestamp: string }[]>(row.status_history, []);
    statuses.push({ status, timestamp: at });
    changes.status = status;
    changes.status_history = JSON.stringify(statuses);
  }
  return changes;
}

export function payableView(db: Db, row: PayableListRow, origin = 'http://sandbox.invalid') {
  const vendor = row.vendor_id ? findVendor(db, row.org_id, row.vendor_id) : undefined;
  const method = row.payment_method_id ? findVendorMethod(db, row.org_id, row.payment_method_id) : undefined;
  const names = new Map(apUsersOf(db, row.org_id).map((user) => [user.id, fullName(user)]));
  const steps = stepsOf(row);
  const items = parse<PayableItem[] | null>(row.items, null);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    amount: row.amount ?? 0,
    currency: 'USD',
    funding_source: row.funding_source,
    ...(row.vendor_id ? { ap_vendor_id: row.vendor_id } : {}),
    ...(vendor ? { ap_vendor_name: vendor.name } : {}),
    ...(row.payment_method_id ? { ap_payment_method_id: row.payment_method_id } : {}),
    ...(method ? { ap_payment_method_name: method.name, ap_payment_method_mask: method.last4 } : {}),
    api_app_id: row.app_id,
    description: row.description,
    external_id: row.external_id,
    file_url: row.has_file ? `${origin}/v2/accounts-payable/payables/${row.id}/file` : null,
    items: items ?? [],
    created: row.created,
    updated: row.updated,
    created_by: row.created_by,
    approval_policy_id: row.policy_id,
    approval_steps: steps.map((step) => ({
      completed: step.completed_at !== null,
      ...(step.completed_at ? { completed_timestamp: step.completed_at } : {}),
      num_approvals_required: step.num_approvals_required,
      user_approvals: step.approver_list.map((id) => {
        const given = step.approvals.find((a) => a.user_id === id);
        return {
          user_id: id,
          name: names.get(id) ?? `AP user ${id}`,
          approval_given: given !== undefined,
          ...(given ? { approval_timestamp: given.at } : {}),
          approval_comment: given?.comment ?? null,
        };
      }),
    })),
    next_approvers: (row.next_approvers ?? '').split(',').filter(Boolean).map(Number),
    action_history: parse<HistoryAction[]>(row.action_history, []).filter((a) => a.action !== 'update'),
    status_history: parse<{ status: PayableStatus; timestamp: string }[]>(row.status_history, []),
    transfer_history: parse<TransferAttempt[]>(row.transfer_history, []),
    ...(row.transfer_id ? { transfer_id: row.transfer_id } : {}),
  };
}

/** Compiles only while the sandbox answers a bill as the vendor's document (and the extension) says. */
export type BillAnswersTheWire = WireAgrees<Disagreements<ReturnType<typeof payableView>, SandboxBill>>;

export function payableRow(db: Db, orgId: string, id: string): PayableListRow {
  return found(findPayable(db, orgId, id));
}

export function payableOf({ db, tenant, origin }: Caller, id: string) {
  return payableView(db, payableRow(db, tenant.orgId, id), origin);
}

export function listPayables(
  { db, tenant, origin }: Caller,
  query: PageQuery & {
    status?: PayableStatus[] | undefined;
    ap_vendor_id?: string | undefined;
    waiting_for?: number | undefined;
  },
) {
  const find = (id: string) => findPayable(db, tenant.orgId, id);
  const filter: PayableFilter = {
    status: query.status,
    vendorId: query.ap_vendor_id,
    waitingFor: query.waiting_for,
  };
  const page = pageOfPayables(db, tenant.orgId, filter, {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    after: cursorRow(query.starting_after, find),
    before: cursorRow(query.ending_before, find),
  });
  return { data: page.rows.map((row) => payableView(db, row, origin)), has_more: page.more };
}

const MAX_PDF_BYTES = 10 * 1024 * 1024;

/** A PDF of at most 10 MiB, from base64 or bytes; else 400 at `file`. */
export function pdfBytes(file: string | Uint8Array): Buffer {
  const bytes = typeof file === 'string' ? Buffer.from(file, 'base64') : Buffer.from(file);
  const problem =
    bytes.length > MAX_PDF_BYTES
      ? 'A PDF of at most 10 MiB'
      : bytes.subarray(0, 5).toString('latin1') !== '%PDF-'
        ? 'Not a PDF file'
        : null;
  if (problem)
    throw new DomainError('invalid', 'invalid-file', problem, [{ path: 'file', message: problem }]);
  return bytes;
}

/** The vendor and method a bill names: the tenant's, and the method the vendor's own. */
function checkVendorAndMethod(db: Db, orgId: string, vendorId: string | null, methodId: string | null) {
  const errors = [];
  const vendor = vendorId ? findVendor(db, orgId, vendorId) : undefined;
  if (vendorId && !vendor) errors.push({ path: 'ap_vendor_id', message: 'No such vendor' });
  if (methodId) {
    const method = findVendorMethod(db, orgId, methodId);
    if (!method) errors.push({ path: 'ap_payment_method_id', message: 'No such payment method' });
    else if (vendorId && method.vendor_id !== vendorId)
      errors.push({ path: 'ap_payment_method_id', message: "Not one of the vendor's payment methods" });
  }
  if (errors.length > 0)
    throw new DomainError(
      'invalid',
      'invalid-payable',
      'The bill names what is not there: see errors',
      errors,
    );
}

function amountOf(body: { amount?: number | undefined; items?: PayableItem[] | undefined }): number | null {
  if (body.amount !== undefined) return body.amount;
  if (body.items && body.items.length > 0) return body.items.reduce((sum, item) => sum + item.amount, 0);
  return null;
}

export interface NewPayable {
  acting_user_id: number;
  number: string;
  description?: string | undefined;
  external_id?: string | undefined;
  ap_vendor_id?: string | undefined;
  ap_payment_method_id?: string | undefined;
  amount?: number | undefined;
  items?: PayableItem[] | undefined;
  funding_source?: 'dots_balance' | 'ach' | undefined;
  file?: Buffer | null;
}

/** Makes a `created` bill (the API's create, and a PDF read into a draft). Call inside a transaction. */
export function insertNewPayable({ db, tenant, appId, nowMs }: Caller, body: NewPayable): PayableListRow {
  const app = creditedAppOf(db, tenant.orgId, appId);
  if (!app) throw notFoundOrUnauthorized();
  const user = actingUser(db, tenant.orgId, body.acting_user_id, 'create');
  checkVendorAndMethod(db, tenant.orgId, body.ap_vendor_id ?? null, body.ap_payment_method_id ?? null);
  const at = new Date(nowMs).toISOString();
  const base: PayableRow = {
    seq: 0,
    id: uuidV7(nowMs),
    org_id: tenant.orgId,
    app_id: app.id,
    number: body.number,
    description: body.description ?? null,
    external_id: body.external_id ?? null,
    vendor_id: body.ap_vendor_id ?? null,
    payment_method_id: body.ap_payment_method_id ?? null,
    amount: amountOf(body),
    funding_source: body.funding_source ?? 'ach',
    items: body.items ? JSON.stringify(body.items) : null,
    file: body.file ?? null,
    status: 'created',
    created_by: user.id,
    policy_id: null,
    steps: '[]',
    next_approvers: null,
    action_history: '[]',
    status_history: '[]',
    transfer_history: '[]',
    transfer_id: null,
    created: at,
    created_ms: nowMs,
    updated: at,
  };
  const row = {
    ...base,
    ...withAction(base, user, 'create', at),
    status_history: JSON.stringify([{ status: 'created', timestamp: at }]),
  };
  const { seq: _seq, ...insert } = row;
  insertPayable(db, insert);
  return payableRow(db, tenant.orgId, row.id);
}

export function createPayable(caller: Caller, body: CreatePayable) {
  const file = body.file === undefined ? null : pdfBytes(body.file);
  return caller.db.transaction(() =>
    payableView(caller.db, insertNewPayable(caller, { ...body, file }), caller.origin),
  )();
}

/**
 * PATCH: a `created` bill changes; a `rejected` one changes and goes back to `created` (its steps start again at the
 * next submission). Anything later is refused, so that what was approved is what is paid.
 */
export function updatePayableFields(caller: Caller, id: string, body: UpdatePayable) {
  const { db, tenant, nowMs, origin } = caller;
  return db.transaction(() => {
    const row = payableRow(db, tenant.orgId, id);
    if (row.status === 'payment_failed') return payToAnotherMethod(caller, row, body);
    if (row.status !== 'created' && row.status !== 'rejected') throw refuseMove(row.status, 'update');
    const user =
      body.acting_user_id === undefined
        ? apUsersOf(db, tenant.orgId).find((u) => u.id === row.created_by)
        : actingUser(db, tenant.orgId, body.acting_user_id, 'edit');
    const vendorId = body.ap_vendor_id ?? row.vendor_id;
    const methodId =
      body.ap_payment_method_id ??
      (body.ap_vendor_id && body.ap_vendor_id !== row.vendor_id ? null : row.payment_method_id);
    checkVendorAndMethod(db, tenant.orgId, vendorId, methodId);
    const items = body.items ?? parse<PayableItem[] | null>(row.items, null) ?? undefined;
    const amount =
      body.amount !== undefined || body.items !== undefined
        ? amountOf({ amount: body.amount, items: body.items })
        : row.amount;
    if (
      amount !== null &&
      items &&
      items.length > 0 &&
      body.amount !== undefined &&
      body.items === undefined
    ) {
      const sum = items.reduce((total, item) => total + item.amount, 0);
      if (sum !== amount) {
        throw new DomainError('invalid', 'validation-failed', 'The items add up to another amount', [
          { path: 'amount', message: `The items add up to ${sum} cents, not ${amount}` },
        ]);
      }
    }
    const at = new Date(nowMs).toISOString();
    const changes: Partial<PayableRow> = {
      number: body.number ?? row.number,
      description: body.description ?? row.description,
      external_id: body.external_id ?? row.external_id,
      vendor_id: vendorId,
      payment_method_id: methodId,
      amount,
      funding_source: body.funding_source ?? row.funding_source,
      items: items ? JSON.stringify(items) : null,
      ...(user
        ? withAction(row, user, 'update', at, null, 'created')
        : { updated: at, status: 'created' as const }),
    };
    if (row.status === 'rejected') {
      changes.steps = '[]';
      changes.next_approvers = null;
      changes.policy_id = null;
    }
    updatePayable(db, row.id, changes);
    return payableView(db, payableRow(db, tenant.orgId, row.id), origin);
  })();
}

/**
 * A bill whose payment failed is paid to another method (an extension: PATCH with only `ap_payment_method_id`), one of
 * its vendor's and not the one that failed. Where money goes changed, so its approvals are void: the bill is submitted
 * again, as a submission would be (a policy's steps start afresh, or it is approved at once when none matches).
 */
export function payToAnotherMethod(caller: Caller, row: PayableListRow, body: UpdatePayable) {
  const { db, tenant, nowMs } = caller;
  const { acting_user_id: actingUserId, ap_payment_method_id: methodId, ...rest } = body;
  const others = Object.entries(rest).filter(([, value]) => value !== undefined);
  if (!methodId || others.length > 0) {
    throw new DomainError(
      'conflict',
      'invalid-status-transition',
      'A bill whose payment failed changes only where it is paid: give ap_payment_method_id alone',
    );
  }
  if (methodId === row.payment_method_id) {
    throw new DomainError(
      'invalid',
      'payment-method-failed',
      "The bill's payment failed at this method: choose another of the vendor's methods",
      [{ path: 'ap_payment_method_id', message: 'The payment to this method failed' }],
    );
  }
  checkVendorAndMethod(db, tenant.orgId, row.vendor_id, methodId);
  const user =
    actingUserId === undefined
      ? apUsersOf(db, tenant.orgId).find((u) => u.id === row.created_by)
      : actingUser(db, tenant.orgId, actingUserId, 'edit');
  if (!user) throw notFoundOrUnauthorized();
  const at = new Date(nowMs).toISOString();
  const changed = {
    ...row,
    payment_method_id: methodId,
    ...withAction(row, user, 'change_payment_method', at, null, 'created'),
  };
  updatePayable(db, row.id, {
    payment_method_id: methodId,
    action_history: changed.action_history,
    status: changed.status,
    status_history: changed.status_history,
    updated: at,
  });
  return submitPayable(caller, row.id, { acting_user_id: user.id });
}

/** The PDF of a bill is attached or removed while the bill can still change. */
export function attachPayableFile({ db, tenant, nowMs }: Caller, id: string, file: string | null) {
  const bytes = file === null ? null : pdfBytes(file);
  return db.transaction(() => {
    const row = payableRow(db, tenant.orgId, id);
    if (row.status !== 'created' && row.status !== 'rejected') throw refuseMove(row.status, 'update');
    updatePayable(db, row.id, { file: bytes, updated: new Date(nowMs).toISOString() });
    // The vendor's answers: `{ id, updated, object }` and `{ id, deleted, object }`.
    return bytes === null
      ? { id: row.id, deleted: true, object: 'payable_file' }
      : { id: row.id, updated: true, object: 'payable' };
  })();
}

export function payableFileOf({ db, tenant }: Caller, id: string): Buffer {
  const file = payableFile(db, tenant.orgId, id);
  if (file === undefined) throw notFoundOrUnauthorized();
  if (file === null) throw new DomainError('not-found', 'no-file', 'This bill has no PDF');
  return file;
}

export function cancelPayable({ db, tenant, nowMs, origin }: Caller, id: string, body: PayableAction) {
  return db.transaction(() => {
    const row = payableRow(db, tenant.orgId, id);
    const user = actingUser(db, tenant.orgId, body.acting_user_id, 'cancel');
    checkMove(row, 'cancel');
    const at = new Date(nowMs).toISOString();
    updatePayable(db, row.id, {
      ...withAction(row, user, 'cancel', at, body.comment ?? null, 'canceled'),
      next_approvers: null,
    });
    return payableView(db, payableRow(db, tenant.orgId, row.id), origin);
  })();
}

/**
 * Submit: the bill must be complete (vendor, method, amount); the first policy that matches it gives its steps. None
 * matches: it is approved at once (the submission is its only action).
 */
export function submitPayable({ db, tenant, nowMs, origin }: Caller, id: string, body: PayableAction) {
  return db.transaction(() => {
    const row = payableRow(db, tenant.orgId, id);
    const user = actingUser(db, tenant.orgId, body.acting_user_id, 'submit');
    checkMove(row, 'submit_for_approval');
    const missing = [
      ...(row.vendor_id ? [] : [{ path: 'ap_vendor_id', message: 'Choose the vendor' }]),
      ...(row.payment_method_id
        ? []
        : [{ path: 'ap_payment_method_id', message: 'Choose where the money goes' }]),
      ...(row.amount ? [] : [{ path: 'amount', message: 'Give the amount or the items' }]),
    ];
    if (missing.length > 0) {
      throw new DomainError('invalid', 'payable-incomplete', 'The bill is not complete: see errors', missing);
    }
    const at = new Date(nowMs).toISOString();
    const policy = policyFor(policiesOfOrg(db, tenant.orgId), {
      amount: row.amount,
      vendorId: row.vendor_id,
    });
    const steps: StoredStep[] = (policy?.approval_conditions ?? []).map((step) => ({
      approver_list: step.approver_list,
      num_approvals_required: step.num_approvals_required,
      approvals: [],
      completed_at: null,
    }));
    const submitted = {
      ...row,
      ...withAction(row, user, 'submit_for_approval', at, body.comment ?? null, 'submitted_for_approval'),
    };
    const approved =
      steps.length === 0
        ? { ...submitted, ...withStatus(submitted as PayableRow, 'approved', at) }
        : submitted;
    updatePayable(db, row.id, {
      action_history: approved.action_history,
      status: approved.status,
      status_history: approved.status_history,
      updated: at,
      policy_id: policy?.id ?? null,
      steps: JSON.stringify(steps),
      next_approvers: nextApprovers(steps),
    });
    return payableView(db, payableRow(db, tenant.orgId, row.id), origin);
  })();
}

function withStatus(row: PayableRow, status: PayableStatus, at: string): Partial<PayableRow> {
  const statuses = parse<{ status: string; timestamp: string }[]>(row.status_history, []);
  statuses.push({ status, timestamp: at });
  return { status, status_history: JSON.stringify(statuses) };
}

/** The open step and the acting user's place in it, or the refusal that says why they cannot decide. */
function openStepFor(row: PayableRow, user: ApUserRow, steps: StoredStep[]): StoredStep {
  const open = steps.find((step) => step.completed_at === null);
  if (!open) throw refuseMove(row.status, 'approve');
  if (user.id === row.created_by) {
    throw new DomainError(
      'forbidden',
      'own-payable',
      'You created this bill: someone else approves or rejects it',
    );
  }
  if (!open.approver_list.includes(user.id)) {
    throw new DomainError(
      'forbidden',
      'not-an-approver',
      `${fullName(user)} is not an approver of this bill's open step`,
    );
  }
  if (open.approvals.some((a) => a.user_id === user.id)) {
    throw new DomainError('conflict', 'already-approved', `${fullName(user)} approved this step already`);
  }
  return open;
}

export function approvePayable({ db, tenant, nowMs, origin }: Caller, id: string, body: PayableAction) {
  return db.transaction(() => {
    const row = payableRow(db, tenant.orgId, id);
    const user = actingUser(db, tenant.orgId, body.acting_user_id, 'decide');
    checkMove(row, 'approve');
    const steps = stepsOf(row);
    const open = openStepFor(row, user, steps);
    const at = new Date(nowMs).toISOString();
    open.approvals.push({ user_id: user.id, comment: body.comment ?? null, at });
    if (open.approvals.length >= open.num_approvals_required) open.completed_at = at;
    const done = steps.every((step) => step.completed_at !== null);
    updatePayable(db, row.id, {
      ...withAction(row, user, 'approve', at, body.comment ?? null, done ? 'approved' : undefined),
      steps: JSON.stringify(steps),
      next_approvers: nextApprovers(steps),
    });
    return payableView(db, payableRow(db, tenant.orgId, row.id), origin);
  })();
}

export function rejectPayable({ db, tenant, nowMs, origin }: Caller, id: string, body: PayableAction) {
  return db.transaction(() => {
    const row = payableRow(db, tenant.orgId, id);
    const user = actingUser(db, tenant.orgId, body.acting_user_id, 'decide');
    checkMove(row, 'reject');
    openStepFor(row, user, stepsOf(row));
    const at = new Date(nowMs).toISOString();
    updatePayable(db, row.id, {
      ...withAction(row, user, 'reject', at, body.comment ?? null, 'rejected'),
      next_approvers: null,
    });
    return payableView(db, payableRow(db, tenant.orgId, row.id), origin);
  })();
}
