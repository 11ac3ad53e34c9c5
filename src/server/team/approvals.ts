import { randomUUID } from 'node:crypto';
import { basicAuthorization } from '../../node/basic-auth';
import { activePolicy } from './approval-policy';
import { consoleEntry } from './audit';
import type { ConsoleDb, ConsoleTables } from './database';
import { sha256Hex } from './secrets';
import type { OrgCredentials, Team } from './team';

export const REQUEST_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const IN_FLIGHT = 8;

export type RequestRow = ConsoleTables['approval_requests'];
export type PaymentBody = Record<string, unknown> & { amount: number; idempotency_key: string };
export type RequestBody = { payment: PaymentBody } | { rows: PaymentBody[] };

/** Sends one request to the payout service with the organization's credentials (the sandbox in-process, or upstream). */
export type CallService = (request: Request) => Promise<Response>;

export type SubmitResult =
  | { kind: 'created'; request: RequestRow }
  /** The maker sent this exact body before and it still waits: that request, not a second one. */
  | { kind: 'existing'; request: RequestRow }
  | { kind: 'refused'; status: 409; code: string; message: string };

/**
 * A member's payment or file above the limit, kept exactly as it will be sent: the body is stored as text and hashed,
 * and the request records the policy version it was judged by.
 */
export async function submitRequest(
  db: ConsoleDb,
  maker: { id: string; orgId: string },
  body: RequestBody,
  fileSha256: string | null,
  now = new Date(),
  warnings: readonly string[] = [],
): Promise<SubmitResult> {
  const policy = await activePolicy(db, maker.orgId);
  const bodies = 'payment' in body ? [body.payment] : body.rows;
  const total = bodies.reduce((sum, b) => sum + b.amount, 0);
  if (!policy.enabled || total <= policy.limitCents) {
    return {
      kind: 'refused',
      status: 409,
      code: 'approval-not-needed',
      message: 'This is within the approval limit: pay it directly',
    };
  }
  const stored = JSON.stringify(body);
  const bodyHash = sha256Hex(stored);
  const row: RequestRow = {
    id: randomUUID(),
    org_id: maker.orgId,
    kind: 'payment' in body ? 'payment' : 'batch',
    maker_id: maker.id,
    body: stored,
    body_hash: bodyHash,
    file_sha256: fileSha256,
    amount_cents: total,
    row_count: bodies.length,
    policy_version: policy.version,
    approvals_needed: policy.approvalsNeeded,
    status: 'pending',
    result: null,
    warnings: warnings.length > 0 ? JSON.stringify(warnings) : null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + REQUEST_TTL_MS).toISOString(),
    updated_at: now.toISOString(),
  };
  // A second click or a second tab sends the same body (its idempotency keys included): asking the approvers twice
  // for what could only ever be paid once helps nobody, so the waiting request is answered again. The partial
  // unique index makes that hold for two submissions at the same moment too.
  const inserted = await db
    .insertInto('approval_requests')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  if (inserted.numInsertedOrUpdatedRows === 0n) {
    const waiting = await db
      .selectFrom('approval_requests')
      .selectAll()
      .where('org_id', '=', maker.orgId)
      .where('maker_id', '=', maker.id)
      .where('body_hash', '=', bodyHash)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (waiting) return { kind: 'existing', request: waiting };
    // That one was decided in between: this body may wait again.
    await db.insertInto('approval_requests').values(row).execute();
  }
  return { kind: 'created', request: row };
}

export function findRequest(db: ConsoleDb, orgId: string, id: string): Promise<RequestRow | undefined> {
  return db
    .selectFrom('approval_requests')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

/** Moves a request from one status to another only if it is still in the first: the one way a status changes. */
export async function moveStatus(
  db: ConsoleDb,
  id: string,
  from: string,
  to: string,
  now = new Date(),
  result?: unknown,
): Promise<boolean> {
  const moved = await db
    .updateTable('approval_requests')
    .set({
      status: to,
      updated_at: now.toISOString(),
      ...(result === undefined ? {} : { result: JSON.stringify(result) }),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Pending requests past their 7 days become expired (when the organization's requests are next read). */
export async function expireRequests(db: ConsoleDb, orgId: string, now = new Date()): Promise<string[]> {
  const due = await db
    .selectFrom('approval_requests')
    .select('id')
    .where('org_id', '=', orgId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now.toISOString())
    .execute();
  const expired: string[] = [];
  for (const { id } of due) if (await moveStatus(db, id, 'pending', 'expired', now)) expired.push(id);
  return expired;
}

export type Decision =
  | { kind: 'recorded'; request: RequestRow; approvedNow: boolean }
  | { kind: 'refused'; status: 403 | 404 | 409; code: string; message: string };

/**
 * A member's approval or rejection. The maker cannot decide their own request; a member counts once (the decision's
 * key is request and member); any rejection rejects; an expired request is marked so and refused. The request moves
 * to approved when the last approval needed arrives, by a conditional update that only one caller can win.
 */
export async function decide(
  db: ConsoleDb,
  member: { id: string; orgId: string },
  requestId: string,
  decision: { approve: true } | { approve: false; reason: string },
  now = new Date(),
): Promise<Decision> {
  const request = await findRequest(db, member.orgId, requestId);
  if (!request)
    return {
      kind: 'refused',
      status: 404,
      code: 'request-not-found',
      message: 'No approval request of your organization has this id',
    };
  if (request.maker_id === member.id) {
    return {
      kind: 'refused',
      status: 403,
      code: 'self-approval',
      message: 'You prepared this request: another member decides it',
    };
  }
  if (request.status === 'pending' && request.expires_at <= now.toISOString()) {
    await moveStatus(db, request.id, 'pending', 'expired', now);
    return {
      kind: 'refused',
      status: 409,
      code: 'request-expired',
      message: 'This request expired: the maker submits it again',
    };
  }
  if (request.status !== 'pending') {
    return {
      kind: 'refused',
      status: 409,
      code: 'request-decided',
      message: `This request is ${request.status} already`,
    };
  }
  await db
    .insertInto('approval_decisions')
    .values({
      request_id: request.id,
      member_id: member.id,
      decision: decision.approve ? 'approve' : 'reject',
      reason: decision.approve ? null : decision.reason,
      at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['request_id', 'member_id']).doNothing())
    .execute();
  let approvedNow = false;
  if (!decision.approve) {
    await moveStatus(db, request.id, 'pending', 'rejected', now, { reason: decision.reason });
  } else {
    const approvals = await db
      .selectFrom('approval_decisions')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('request_id', '=', request.id)
      .where('decision', '=', 'approve')
      .executeTakeFirst();
    if (Number(approvals?.count ?? 0) >= Number(request.approvals_needed)) {
      approvedNow = await moveStatus(db, request.id, 'pending', 'approved', now);
    }
  }
  return {
    kind: 'recorded',
    request: (await findRequest(db, member.orgId, request.id)) ?? request,
    approvedNow,
  };
}

export interface RowOutcome {
  index: number;
  status: number;
  transfer_id: string | null;
  replayed: boolean;
  error: string | null;
}

async function sendOne(
  call: CallService,
  credentials: OrgCredentials,
  body: string,
  requestId: string,
): Promise<RowOutcome> {
  const authorization = authorizationOf(credentials);
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await call(
        new Request('http://console.internal/v2/payments', {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', 'x-request-id': requestId },
          body,
        }),
      );
    } catch (error) {
      if (attempt < 3) continue;
      return { index: 0, status: 0, transfer_id: null, replayed: false, error: (error as Error).message };
    }
    if (response.status === 429 && attempt < 20) {
      const wait = Number(response.headers.get('retry-after') ?? '1');
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0.05, Number.isFinite(wait) ? wait : 1) * 1000),
      );
      continue;
    }
    // The same idempotency key makes a resend safe: the service answers the first transfer.
    if (response.status >= 500 && attempt < 3) continue;
    const json = (await response.json().catch(() => null)) as { id?: string; message?: string } | null;
    return {
      index: 0,
      status: response.status,
      transfer_id: response.ok && typeof json?.id === 'string' ? json.id : null,
      replayed: response.headers.get('idempotent-replayed') === 'true',
      error: response.ok ? null : (json?.message ?? `HTTP ${response.status}`),
    };
  }
}

/** The X-Request-Id a row of an approved request is sent with, and its audit line names. */
const rowRequestId = (requestId: string, index: number) => `apr_${requestId.slice(0, 8)}_${index}`;

const authorizationOf = (credentials: OrgCredentials) =>
  basicAuthorization(credentials.clientId, credentials.apiKey);

/**
 * Rows of an interrupted run that the service already has, found by the key each body carries as
 * metadata.console_request_id among the transfers made since the request was: an upstream may not honour keys, so a
 * resumed run looks before it resends (the console's rule for a file).
 */
async function paidByKey(
  call: CallService,
  credentials: OrgCredentials,
  keys: ReadonlySet<string>,
  since: string,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let after = '';
  for (let page = 0; page < 50 && found.size < keys.size; page++) {
    const response = await call(
      new Request(
        `http://console.internal/v2/transfers?limit=100${after ? `&starting_after=${after}` : ''}`,
        {
          headers: { authorization: authorizationOf(credentials) },
        },
      ),
    );
    if (!response.ok) break;
    const body = (await response.json()) as {
      data?: { id: string; created?: string; metadata?: Record<string, unknown> | null }[];
      has_more?: boolean;
    };
    const transfers = body.data ?? [];
    for (const transfer of transfers) {
      const key = transfer.metadata?.console_request_id;
      if (typeof key === 'string' && keys.has(key)) found.set(key, transfer.id);
    }
    const last = transfers.at(-1);
    if (!body.has_more || !last || (last.created !== undefined && last.created < since)) break;
    after = last.id;
  }
  return found;
}

/**
 * Executes an approved request once: the caller that moves it from approved to executing sends it; any other caller
 * (a second click, another server) finds it moved and does nothing. Only the stored body is sent, each payment with
 * its own idempotency key, so a server that dies mid-way and runs it again (resumeExecuting) pays nothing twice.
 */
export async function executeRequest(
  team: Team,
  call: CallService,
  request: RequestRow,
  credentials: OrgCredentials,
  claimFrom: 'approved' | 'executing' = 'approved',
): Promise<RequestRow | undefined> {
  const db = team.database.db;
  if (claimFrom === 'approved' && !(await moveStatus(db, request.id, 'approved', 'executing', team.now())))
    return undefined;
  const bodies = JSON.parse(request.body) as RequestBody;
  const rows = 'payment' in bodies ? [bodies.payment] : bodies.rows;
  const outcomes: RowOutcome[] = new Array(rows.length);
  // A run resumed upstream looks for what already arrived before sending anything again.
  const arrived =
    claimFrom === 'executing' && team.mode === 'upstream'
      ? await paidByKey(call, credentials, new Set(rows.map((r) => r.idempotency_key)), request.created_at)
      : new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const index = next++;
      const already = arrived.get(rows[index]?.idempotency_key ?? '');
      if (already) {
        outcomes[index] = { index, status: 200, transfer_id: already, replayed: true, error: null };
        continue;
      }
      const text = JSON.stringify(rows[index]);
      const outcome = await sendOne(call, credentials, text, rowRequestId(request.id, index));
      outcomes[index] = { ...outcome, index };
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, rows.length) }, worker));
  const paid = outcomes.filter((o) => o.transfer_id !== null).length;
  const status = paid === rows.length ? 'executed' : paid === 0 ? 'failed' : 'partly-executed';
  const sentHash = sha256Hex(JSON.stringify('payment' in bodies ? { payment: rows[0] } : { rows }));
  await moveStatus(db, request.id, 'executing', status, team.now(), { rows: outcomes, sent_hash: sentHash });
  for (const outcome of outcomes) {
    await team.audit(
      consoleEntry(
        request.org_id,
        'approval.row',
        [request.id, ...(outcome.transfer_id ? [outcome.transfer_id] : [])],
        {
          status: outcome.status,
          outcome: outcome.transfer_id ? 'ok' : 'failed',
          requestId: rowRequestId(request.id, outcome.index),
        },
      ),
    );
  }
  return db.selectFrom('approval_requests').selectAll().where('id', '=', request.id).executeTakeFirst();
}

/** At start: requests left executing by a server that died, and approved ones nobody claimed, run again. */
export async function resumeExecuting(team: Team, call: CallService): Promise<number> {
  const db = team.database.db;
  const stuck = await db
    .selectFrom('approval_requests')
    .innerJoin('organizations', 'organizations.id', 'approval_requests.org_id')
    .selectAll('approval_requests')
    .select([
      'organizations.client_id',
      'organizations.sandbox_api_key',
      'organizations.name',
      'organizations.batch_secret',
      'organizations.created_at as org_created_at',
    ])
    .where('approval_requests.status', 'in', ['executing', 'approved'])
    .execute();
  for (const row of stuck) {
    const credentials = team.credentialsFor({
      id: row.org_id,
      client_id: row.client_id,
      sandbox_api_key: row.sandbox_api_key,
      name: row.name,
      batch_secret: row.batch_secret,
      created_at: row.org_created_at,
    });
    if (!credentials) continue;
    await executeRequest(team, call, row, credentials, row.status === 'executing' ? 'executing' : 'approved');
  }
  return stuck.length;
}
