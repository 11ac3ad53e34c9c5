import { randomUUID } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { AuditAction } from '../../lib/audit-actions';
import { fieldErrorsFrom } from '../../lib/field-errors';
import {
  compareWithBefore,
  describeListedMethod,
  describeNewMethod,
  describePayeeChange,
  type MarkedPart,
  maskedPayoutBody,
  type PayeeChangeOperation,
  railWords,
} from '../../lib/payee-changes';
import { deadlineFrom, statusAt } from '../../lib/request-lifecycle';
import { addPayoutMethodSchema } from '../../lib/requests/payout-methods';
import { updateUserSchema } from '../../lib/requests/users';
import { can, ROLE_LABELS } from '../../lib/roles';
import { TEAM_REQUEST_TTL_MS } from '../../lib/team-changes';
import { activePolicy } from '../approvals/policy';
import { type ConsoleDb, lockRow, transaction } from '../db/database';
import * as memberRows from '../db/repositories/team/members';
import * as payeeRows from '../db/repositories/team/payee-requests';
import type { PayeeRequestRow } from '../db/schema/team';
import { Refusal, unjudgedFields } from '../errors';
import { type CallService, readForRule, serviceRequest } from '../gate/service-calls';
import type { SessionMember } from '../identity/sign-in';
import type { OrgCredentials, Team } from '../team';

/**
 * Where a payee's money goes changes under four eyes. With approvals on, a member's new payout method for a user
 * (PUT /v2/users/{id}/payout-methods) or a change of a user's default method (PATCH /v2/users/{id} with
 * default_payout_method) is kept as a payee request that another member of a paying role (finance or admin, never the
 * maker) confirms, seeing the payee's methods before and the one after, with what tells it from a look-alike; the
 * server then sends the body it kept. A payee's own change through a hosted flow is theirs and waits for no one (it never passes here).
 */

export interface DestinationChange {
  operation: PayeeChangeOperation;
  userId: string;
  /** As the member sent it: checked against the operation's schema before anything is kept (checkedBody). */
  body: unknown;
}

const USER_ID = /^\/v2\/users\/([0-9a-f-]{36})(\/payout-methods)?\/?$/i;

/** The destination change a /v2 write is, or null. */
export function destinationChangeOf(
  action: AuditAction,
  path: string,
  body: unknown,
): DestinationChange | null {
  const userId = USER_ID.exec(path)?.[1];
  if (!userId) return null;
  // Whatever its body, a new payout method is a change of where money goes: a body that is not one is refused here.
  if (action === 'user.payout-method.add') return { operation: 'add-payout-method', userId, body };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  if (action === 'user.update' && (body as Record<string, unknown>).default_payout_method !== undefined) {
    return { operation: 'set-default', userId, body };
  }
  return null;
}

const BODY_SCHEMAS = {
  'add-payout-method': addPayoutMethodSchema,
  'set-default': updateUserSchema,
} as const;

/** The body as its operation's schema reads it, or the refusal at its fields. */
export function checkedBody(change: DestinationChange): Record<string, unknown> | Refusal {
  const parsed = BODY_SCHEMAS[change.operation].safeParse(change.body);
  return parsed.success ? parsed.data : unjudgedFields(fieldErrorsFrom(parsed.error.issues));
}

type CheckedChange = { operation: PayeeChangeOperation; userId: string; body: Record<string, unknown> };

/** A waiting request of the same change (payee, operation and body), whoever asked for it. */
async function waitingSameChange(
  team: Team,
  db: ConsoleDb,
  orgId: string,
  change: CheckedChange,
): Promise<PayeeRequestRow | undefined> {
  const rows = await payeeRows.waitingPayeeRequestsOf(
    db,
    { org_id: orgId, user_id: change.userId, operation: change.operation },
    team.now().toISOString(),
  );
  const same = canonicalize(change.body);
  return rows.find((r) => canonicalize(JSON.parse(r.body)) === same);
}

/**
 * Keeps the request unless the same change waits already, answering that one then: one at a time per organization,
 * so that of the same change asked twice at once the second finds the first.
 */
async function keepOnce(team: Team, row: PayeeRequestRow, change: CheckedChange): Promise<PayeeRequestRow> {
  return transaction(team.database.db, async (trx) => {
    await lockRow(trx, 'organizations', row.org_id);
    const waiting = await waitingSameChange(team, trx, row.org_id, change);
    if (waiting) return waiting;
    await payeeRows.insertPayeeRequest(trx, row);
    return row;
  });
}

export interface PayeeRequestView {
  id: string;
  operation: PayeeChangeOperation;
  description: string;
  user_id: string;
  payee: string;
  /** The payee's methods when it was asked, masked. */
  before: string[];
  /** The method after the change: a PayPal address, Venmo handle or cash tag whole, an account by its last four. */
  after: string;
  /** The payee's method most like the new one (of its kind), which a look-alike would pass for; null when none. */
  like: string | null;
  /** The method after the change in pieces, what differs from `like` marked. */
  after_parts: MarkedPart[];
  /** The body as kept, an account number by its last four digits. */
  body: Record<string, unknown>;
  ticket: string | null;
  proposer: { id: string; name: string; email: string } | null;
  status: PayeeRequestRow['status'];
  decided_by: { id: string; name: string } | null;
  reason: string | null;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
}

export async function payeeRequestViews(
  team: Team,
  rows: readonly PayeeRequestRow[],
): Promise<PayeeRequestView[]> {
  const ids = [
    ...new Set(rows.flatMap((r) => [r.proposer_id, r.decided_by]).filter((id): id is string => !!id)),
  ];
  const byId = new Map((await memberRows.membersByIds(team.database.db, ids)).map((m) => [m.id, m]));
  const now = team.now();
  return rows.map((row) => {
    const proposer = byId.get(row.proposer_id);
    const decider = row.decided_by ? byId.get(row.decided_by) : undefined;
    const raw = JSON.parse(row.body) as Record<string, unknown>;
    const before = JSON.parse(row.before_methods) as string[];
    const compared = compareWithBefore(before, row.after_method);
    return {
      id: row.id,
      operation: row.operation,
      description: describePayeeChange(
        row.operation,
        row.payee_name,
        row.after_method,
        // A new PayPal's `email` is the method itself; only a user's change carries their own email beside it.
        row.operation === 'set-default' && typeof raw.email === 'string' ? raw.email : undefined,
      ),
      user_id: row.user_id,
      payee: row.payee_name,
      before,
      after: row.after_method,
      like: compared.like,
      after_parts: compared.parts,
      body: maskedPayoutBody(raw),
      ticket: row.ticket,
      proposer: proposer ? { id: proposer.id, name: proposer.name, email: proposer.email } : null,
      status: statusAt(row, now) as PayeeRequestRow['status'],
      decided_by: decider ? { id: decider.id, name: decider.name } : null,
      reason: row.reason,
      created_at: row.created_at,
      expires_at: row.expires_at,
      decided_at: row.decided_at,
    };
  });
}

export type HoldOutcome = { kind: 'forward' } | { kind: 'waiting'; request: PayeeRequestView } | Refusal;

/**
 * Decides what becomes of a member's destination change: refused (a default method is finance's), sent on now
 * (approvals off, or a change the service will refuse anyway), or kept as a payee request.
 */
export async function holdDestinationChange(
  team: Team,
  call: CallService | null,
  found: SessionMember,
  change: DestinationChange,
  ticket: string | null,
): Promise<HoldOutcome> {
  const { member, organization } = found;
  if (!can(member.role, 'pay')) {
    return new Refusal(
      403,
      'forbidden-for-role',
      `Where a payee's money goes is changed by the ${ROLE_LABELS.finance} role (or higher); you are ${ROLE_LABELS[member.role]}`,
    );
  }
  const policy = await activePolicy(team.database.db, organization.id);
  if (!policy.enabled) return { kind: 'forward' };
  return proposePayeeChange(team, call, {
    orgId: organization.id,
    proposerId: member.id,
    credentials: team.credentialsFor(organization),
    change,
    ticket,
  });
}

/**
 * Keeps a change of where a payee's money goes as a payee request of `proposerId` (a member's own, or the maker of an
 * onboarding link they could have seen, whose payee's change is counted as theirs): the payee's methods before and the
 * one after, masked, for the second member. Forwarded when the service says the user is not the organization's (it
 * refuses the change itself); a read it did not answer throws RuleCheckUnavailable.
 */
export async function proposePayeeChange(
  team: Team,
  call: CallService | null,
  proposal: {
    orgId: string;
    proposerId: string;
    credentials: OrgCredentials | null;
    change: DestinationChange;
    ticket: string | null;
  },
): Promise<HoldOutcome> {
  const { ticket, credentials } = proposal;
  const organization = { id: proposal.orgId };
  const member = { id: proposal.proposerId };
  // Nothing is kept of a body that is not the operation's: a second member would be asked to confirm nothing.
  const body = checkedBody(proposal.change);
  if (body instanceof Refusal) return body;
  const change = { ...proposal.change, body };
  // The same change waiting already is answered with its request: never a second one for the approver to sort.
  const waiting = await waitingSameChange(team, team.database.db, organization.id, change);
  if (waiting)
    return { kind: 'waiting', request: (await payeeRequestViews(team, [waiting]))[0] as PayeeRequestView };
  if (!call || !credentials) return { kind: 'forward' };
  const base = `/v2/users/${encodeURIComponent(change.userId)}`;
  // The service answers 403 (or 404) for a user that is not the organization's: it refuses the change itself. Any
  // other failure to read refuses the change here (RuleCheckUnavailable), never sends it unjudged.
  const notFound = [403, 404];
  const [user, methods] = await Promise.all([
    readForRule<Record<string, unknown>>(call, serviceRequest(credentials, base), 'object', notFound),
    readForRule<unknown[]>(call, serviceRequest(credentials, `${base}/payout-methods`), 'array', notFound),
  ]);
  if (!user || !methods) return { kind: 'forward' };
  const listed = methods as Record<string, unknown>[];
  let after: string;
  if (change.operation === 'add-payout-method') {
    after = describeNewMethod(change.body);
  } else {
    const method = listed.find((m) => m.platform === change.body.default_payout_method);
    // A kind the payee does not have: nothing would change, and the service says so.
    if (!method) return { kind: 'forward' };
    after = `${describeListedMethod({ ...method, is_default: false })} (${railWords(method.platform)})`;
  }
  const named = user as { first_name?: string; last_name?: string };
  const now = team.now();
  const row: PayeeRequestRow = {
    id: randomUUID(),
    org_id: organization.id,
    proposer_id: member.id,
    user_id: change.userId,
    operation: change.operation,
    body: JSON.stringify(change.body),
    before_methods: JSON.stringify(listed.map(describeListedMethod)),
    after_method: after,
    payee_name: `${named.first_name ?? ''} ${named.last_name ?? ''}`.trim() || change.userId,
    ticket,
    status: 'pending',
    decided_by: null,
    reason: null,
    created_at: now.toISOString(),
    expires_at: deadlineFrom(now, TEAM_REQUEST_TTL_MS),
    decided_at: null,
  };
  const kept = await keepOnce(team, row, change);
  return { kind: 'waiting', request: (await payeeRequestViews(team, [kept]))[0] as PayeeRequestView };
}
