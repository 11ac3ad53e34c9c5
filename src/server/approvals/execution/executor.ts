import { classifyMoneyAnswer, mayResend } from '../../../lib/money-answer';
import { isRecordOf, KEY_ON_REUSE, type MoneySent, recordOf } from '../../../lib/money-record';
import { appendAuditIn, consoleEntry } from '../../audit/chain';
import { transaction } from '../../db/database';
import { dropApprovals } from '../../db/repositories/team/approval-decisions';
import * as requestRows from '../../db/repositories/team/approval-requests';
import { findOrganization } from '../../db/repositories/team/organizations';
import type { RequestRow } from '../../db/schema/team';
import {
  type CallService,
  payeeMethodsFingerprint,
  requestIdOf,
  serviceRequest,
  transfersSince,
} from '../../gate/service-calls';
import { sha256Hex } from '../../identity/secrets';
import { opsEvents } from '../../ops/events';
import type { OrgCredentials, Team } from '../../team';
import { appOf, bodiesOf, methodOf, moneyOf, type PaymentBody, pathOf, type RequestBody } from '../bodies';
import { tellMaker } from '../notify';
import { approvalsOf, finishRequest, moveStatus, requeueRequest } from '../status';

/**
 * The one executor of approved requests: the HTTP calls that pay a request's stored body, row by row, with the
 * organization's credentials. It claims a request with a lease that it renews while it runs, so that a server that
 * starts (or sweeps) takes over only requests whose executor has died.
 */

const IN_FLIGHT = 8;
/** Sends of one row before its outcome is left unknown (a 5xx or no answer, looked up and not found each time). */
const SENDS = 3;

export type RowOutcomeKind = 'paid' | 'refused' | 'unknown';

export interface RowOutcome {
  index: number;
  outcome: RowOutcomeKind;
  status: number;
  transfer_id: string | null;
  replayed: boolean;
  error: string | null;
}

/** The X-Request-Id a row of an approved request is sent with, and its audit line names. */
export const rowRequestId = (requestId: string, index: number) => `apr_${requestId.slice(0, 8)}_${index}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * From when a request's keys are looked for: a day before it was made, since a row may have gone out alone before
 * (a closed tab), as a file's page looks among the last day's payouts.
 */
const keysSince = (request: RequestRow) =>
  new Date(Date.parse(request.created_at) - 24 * 60 * 60 * 1000).toISOString();

/**
 * Transfers that carry these keys as metadata.console_request_id, made since `since`, each told to be its row's money
 * or another's by what the service records for that kind of money (lib/money-record.ts); null when the look-up itself
 * failed (then nothing is known: a row stays unknown, it is never taken as not arrived). Money of no kind (an app's
 * bank account) makes no transfer, and nothing is looked for.
 */
export async function findByKeys(
  call: CallService,
  credentials: OrgCredentials,
  rows: ReadonlyMap<string, PaymentBody>,
  since: string,
  money: MoneySent | null,
): Promise<Map<string, FoundByKey> | null> {
  const found = new Map<string, FoundByKey>();
  if (money === null) return found;
  try {
    for await (const transfer of transfersSince(call, credentials, since, { maxPages: 100 })) {
      const key = requestIdOf(transfer);
      const row = key === null ? undefined : rows.get(key);
      if (key !== null && row) {
        found.set(key, { id: transfer.id, ours: isRecordOf(transfer, recordOf(money, row)) });
      }
      if (found.size === rows.size) break;
    }
  } catch {
    return null;
  }
  return found;
}

/** A transfer found by a row's key: its id, and whether it is that row's money (its kind, signed amount and party). */
export interface FoundByKey {
  id: string;
  ours: boolean;
}

/**
 * The key is on money that is not the row's (a key read from a waiting request and spent first on other money): the
 * row was not paid under it, and is never sent with it again, since the service keeps the first use.
 */
const foreignKey = (transferId: string) =>
  `Its key is on transfer ${transferId}, which is other money (not this payee, amount or kind). Nothing is sent again with this key; look at transfer ${transferId} before paying this row another way`;

/**
 * Words for a row whose fate is unknown: why, and how the operator finds out. Never "send it again with a new key":
 * the money may have moved under this one.
 */
const unknownFate = (why: string, key: string) =>
  `${why}, so whether it was paid is not known. Before paying it again, look in Transfers for one whose metadata console_request_id is ${key}: if there is one, it was paid`;

function unknownOutcome(index: number, status: number, why: string, key: string): RowOutcome {
  return {
    index,
    outcome: 'unknown',
    status,
    transfer_id: null,
    replayed: false,
    error: unknownFate(why, key),
  };
}

/** A row's outcome from what was found by its key: paid when the transfer is the row's, refused when it is another's. */
function outcomeOfFound(index: number, status: number, found: FoundByKey): RowOutcome {
  return found.ours
    ? { index, outcome: 'paid', status, transfer_id: found.id, replayed: true, error: null }
    : {
        index,
        outcome: 'refused',
        status: 409,
        transfer_id: null,
        replayed: false,
        error: foreignKey(found.id),
      };
}

/** Where and how a request's rows are sent, what money each is, and whether one not found may be sent again. */
interface RowRoute {
  path: string;
  appId: string | null;
  method: 'POST' | 'PUT';
  money: MoneySent | null;
  /** False where the service keeps no key for this money: a second send could make it twice. */
  resend: boolean;
}

/**
 * One row: sent, a 429 waited out, and any answer that leaves its fate open (none, a 5xx, a 2xx without the transfer,
 * or the service saying its key was used) looked up by its key before anything is sent again. Found, it is the row's
 * money or another's; not found, the same body goes again (its key keeps a late first one from being made twice) until
 * SENDS, after which its fate is said to be unknown, with how to find out.
 */
async function payRow(
  call: CallService,
  credentials: OrgCredentials,
  request: RequestRow,
  row: PaymentBody,
  index: number,
  route: RowRoute,
): Promise<RowOutcome> {
  const body = JSON.stringify(row);
  const key = row.idempotency_key;
  const only = new Map([[key, row]]);
  const unknown = (status: number, why: string) => unknownOutcome(index, status, why, key);
  let sends = 0;
  for (let waits = 0; ; ) {
    let response: Response | null = null;
    try {
      response = await call(
        serviceRequest(credentials, route.path, {
          method: route.method,
          headers: {
            'content-type': 'application/json',
            'x-request-id': rowRequestId(request.id, index),
            ...(route.appId ? { 'api-app-id': route.appId } : {}),
          },
          body,
        }),
      );
    } catch {
      response = null;
    }
    sends++;
    const json = response
      ? ((await response.json().catch(() => null)) as {
          id?: unknown;
          message?: string;
          error_code?: string;
        } | null)
      : null;
    const answer = classifyMoneyAnswer(response?.status ?? null, json?.error_code ?? null);
    const status = response?.status ?? 0;
    if (answer === 'rate-limited' && waits < 20) {
      waits++;
      const wait = Number(response?.headers.get('retry-after') ?? '1');
      await sleep(Math.max(0.05, Number.isFinite(wait) ? wait : 1) * 1000);
      continue;
    }
    // A PUT (an app's bank account) makes nothing with an id: its 2xx is the change made.
    if (answer === 'created' && (typeof json?.id === 'string' || route.method === 'PUT')) {
      return {
        index,
        outcome: 'paid',
        status,
        transfer_id: typeof json?.id === 'string' ? json.id : null,
        replayed: response?.headers.get('idempotent-replayed') === 'true',
        error: null,
      };
    }
    if (answer === 'refused' || answer === 'signed-out' || answer === 'rate-limited') {
      return {
        index,
        outcome: 'refused',
        status,
        transfer_id: null,
        replayed: false,
        error: json?.message ?? `HTTP ${status}`,
      };
    }
    // Unknown, a key the service has seen, or a 2xx whose transfer did not arrive: it may have been made.
    const found = await findByKeys(call, credentials, only, keysSince(request), route.money);
    const byKey = found?.get(key);
    if (byKey) return outcomeOfFound(index, status, byKey);
    if (found === null) return unknown(status, 'Its answer was lost, and the look-up by its key failed');
    if (answer === 'key-used') {
      return unknown(
        status,
        `The service says its key was used, and no transfer since ${keysSince(request)} carries it`,
      );
    }
    if (!route.resend) {
      return unknown(
        status,
        'Its answer was lost, no transfer carries its key yet, and the service keeps no key for this money (a second send could pay it twice)',
      );
    }
    if (sends >= SENDS) {
      return unknown(status, `No answer after ${sends} sends, and no transfer carries its key yet`);
    }
  }
}

/** Why a payee's methods read now are not those pinned at submission, or null when they are. */
function notAsApproved(pinned: string | undefined, now: string | 'not-found' | null): string | null {
  if (pinned === undefined) {
    return "Its payee's payout methods were not kept when it was submitted: submit it again";
  }
  if (now === null || now === 'not-found') {
    return "Its payee's payout methods could not be read: nothing was paid; submit it again";
  }
  if (now !== pinned) {
    return "Its payee's payout methods changed after it was submitted: nothing was paid; submit it again to have it approved as it is now";
  }
  return null;
}

/**
 * Immediately before a payout row is sent, its payee's methods are read again: a method added or made the default
 * while a file runs (by the maker, say) stops that payee's remaining rows, not only those of a run that had not
 * started. Rows already in flight at that moment (at most IN_FLIGHT) are the only ones that can still go.
 */
async function stillAsApproved(
  call: CallService,
  credentials: OrgCredentials,
  stored: RequestBody,
  user: string,
): Promise<string | null> {
  if ('payment' in stored || 'rows' in stored || 'move' in stored) return null;
  return notAsApproved(stored.payee_methods?.[user], await payeeMethodsFingerprint(call, credentials, user));
}

/**
 * The run's own line: ok only when every row was paid. A run the service refused whole is refused, with the status of
 * its first row (a 400, a 409, a 422); one that paid some rows, or left some unknown, failed.
 */
function runLine(
  request: RequestRow,
  ended: 'executed' | 'partly-executed' | 'failed',
  outcomes: readonly RowOutcome[],
) {
  const paid = outcomes.filter((o) => o.outcome === 'paid').length;
  const first = outcomes.find((o) => o.outcome !== 'paid');
  const refusedWhole = ended === 'failed' && outcomes.every((o) => o.outcome === 'refused');
  return consoleEntry(request.org_id, 'approval.execute', [request.id], {
    status: ended === 'executed' ? 200 : first?.status || 502,
    outcome: ended === 'executed' ? 'ok' : refusedWhole ? 'refused' : 'failed',
    amountCents: Number(request.amount_cents),
    ...(ended === 'executed'
      ? {}
      : { detail: `${paid} of ${outcomes.length} paid${first?.error ? `: ${first.error}` : ''}` }),
  });
}

/** The status a run ends in, from its rows. */
function endStatus(outcomes: readonly RowOutcome[]) {
  const paid = outcomes.filter((o) => o.outcome === 'paid').length;
  if (paid === outcomes.length) return 'executed' as const;
  if (paid === 0 && !outcomes.some((o) => o.outcome === 'unknown')) return 'failed' as const;
  return 'partly-executed' as const;
}

export interface ExecutionResult {
  /** executed, partly-executed, failed; `requeued` when its approvals no longer counted; `lost` when another took it. */
  ended: 'executed' | 'partly-executed' | 'failed' | 'requeued' | 'lost' | 'not-claimed';
  outcomes: RowOutcome[];
}

/**
 * Executes a request once: the executor that claims it (approved → executing, or executing with a lapsed lease) pays
 * it; any other caller finds it claimed and does nothing. Before a first run the approvals are checked again (each
 * must still count): when too few do, those that do not are dropped and the request waits again. Only the stored
 * body is sent, each payment with its own idempotency key; a run taken over looks up what already arrived first.
 */
export async function executeRequest(
  team: Team,
  call: CallService,
  request: RequestRow,
  credentials: OrgCredentials,
  claimFrom: 'approved' | 'executing' = 'approved',
): Promise<ExecutionResult> {
  const db = team.database.db;
  const { id: executorId, leaseMs } = team.executor;
  const leaseEnd = () => new Date(team.now().getTime() + leaseMs);
  // Nothing is paid that could not be written down: the trail was cut under this server (audit/witness.ts).
  if (team.auditWitness.broken) return { ended: 'not-claimed', outcomes: [] };
  // A request the server ended and the database set going again is not run, nor ended again: its end and result stay.
  if (requestRows.endedBefore(db, request)) return { ended: 'not-claimed', outcomes: [] };
  if (!(await requestRows.claimRequest(db, request.id, claimFrom, executorId, team.now(), leaseEnd()))) {
    return { ended: 'not-claimed', outcomes: [] };
  }
  // What is paid is read again now, and must be as its maker submitted it: its seal verifies and its body is the one
  // whose hash was sealed (db/seals.ts). An amount, a payee or a maker written into the database pays nothing.
  const current = await requestRows.findRequest(db, request.org_id, request.id);
  if (!current || !requestRows.intactRequest(db, current, current.body)) {
    await moveStatus(db, request.id, 'executing', 'failed', team.now(), {
      error: 'This request is not as it was submitted: nothing was paid',
    });
    await team.audit(
      consoleEntry(request.org_id, 'approval.execute', [request.id], {
        status: 409,
        outcome: 'refused',
        detail: 'Not as it was submitted (its seal or its body does not verify): nothing was paid',
      }),
    );
    return { ended: 'failed', outcomes: [] };
  }
  request = current;
  if (claimFrom === 'approved') {
    const approvals = await approvalsOf(db, request, team.now());
    const counting = approvals.filter((a) => a.counts);
    if (counting.length < Number(request.approvals_needed)) {
      await dropApprovals(
        db,
        request.id,
        approvals.filter((a) => !a.counts).map((a) => a.memberId),
      );
      await requeueRequest(db, request.id, executorId, team.now());
      await team.audit(
        consoleEntry(request.org_id, 'approval.requeue', [request.id], {
          status: 409,
          outcome: 'refused',
          amountCents: Number(request.amount_cents),
        }),
      );
      return { ended: 'requeued', outcomes: [] };
    }
  }
  let held = true;
  const renewal = setInterval(
    () => {
      void requestRows.renewLease(db, request.id, executorId, leaseEnd()).then(
        (kept) => {
          if (kept) opsEvents.emit('lease-renewal');
          else held = false;
        },
        () => undefined,
      );
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  try {
    const stored = JSON.parse(request.body) as RequestBody;
    const rows = bodiesOf(stored);
    const money = moneyOf(stored);
    const route: RowRoute = {
      path: pathOf(stored),
      appId: appOf(stored),
      method: methodOf(stored),
      money,
      // An app's bank account (no money) is set again by the same PUT.
      resend: money === null || mayResend(KEY_ON_REUSE[money][team.mode]),
    };
    const outcomes: RowOutcome[] = new Array(rows.length);
    // A run taken over looks for what already arrived before sending anything again.
    const arrived =
      claimFrom === 'executing'
        ? await findByKeys(
            call,
            credentials,
            new Map(rows.map((r) => [r.idempotency_key, r])),
            keysSince(request),
            route.money,
          )
        : new Map<string, FoundByKey>();
    // Taken over, with a look-up that failed, nothing is known of what arrived: money whose key the service keeps is
    // sent (one that arrived is refused or answered again, then found), other money is left unknown, never risked twice.
    const unread = arrived === null && !route.resend;
    // Payees whose methods are not as approved: found immediately before each of their rows (stillAsApproved).
    const changedPayees = new Map<string, string>();
    let next = 0;
    const worker = async () => {
      while (held && next < rows.length) {
        const index = next++;
        const row = rows[index];
        if (!row) continue;
        const already = arrived?.get(row.idempotency_key);
        if (unread) {
          outcomes[index] = unknownOutcome(
            index,
            0,
            'Taken over from a server that stopped, and the look-up by its key failed',
            row.idempotency_key,
          );
          continue;
        }
        const user = String(row.user_id);
        if (!already && !changedPayees.has(user)) {
          const why = await stillAsApproved(call, credentials, stored, user);
          if (why) changedPayees.set(user, why);
        }
        const changed = changedPayees.get(user);
        outcomes[index] = already
          ? outcomeOfFound(index, 200, already)
          : changed
            ? { index, outcome: 'refused', status: 409, transfer_id: null, replayed: false, error: changed }
            : await payRow(call, credentials, request, row, index, route);
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, rows.length) }, worker));
    if (!held) return { ended: 'lost', outcomes };
    const ended = endStatus(outcomes);
    const sentHash = sha256Hex(JSON.stringify(stored));
    // The end and its lines, one per row and one for the run, commit together: a run taken over after a crash writes
    // them once.
    const finished = await transaction(db, async (trx) => {
      if (
        !(await finishRequest(trx, request.id, executorId, ended, team.now(), {
          rows: outcomes,
          sent_hash: sentHash,
        }))
      ) {
        return null;
      }
      for (const outcome of outcomes) {
        await appendAuditIn(
          trx,
          team.auditKey,
          consoleEntry(
            request.org_id,
            'approval.row',
            [request.id, ...(outcome.transfer_id ? [outcome.transfer_id] : [])],
            {
              status: outcome.status,
              outcome: outcome.outcome === 'paid' ? 'ok' : 'failed',
              requestId: rowRequestId(request.id, outcome.index),
              amountCents: Number(rows[outcome.index]?.amount ?? 0),
            },
          ),
          team.now(),
          team.auditWitness,
        );
      }
      return appendAuditIn(
        trx,
        team.auditKey,
        runLine(request, ended, outcomes),
        team.now(),
        team.auditWitness,
      );
    });
    if (!finished) return { ended: 'lost', outcomes };
    team.noteHead(finished);
    return { ended, outcomes };
  } finally {
    clearInterval(renewal);
  }
}

/**
 * Requests no live executor holds (a server died while paying, or after approving and before claiming): each is
 * claimed by one server and finished, its keys making the resend safe. Run at start and then every lease (sweep.ts).
 */
export async function resumeOrphans(team: Team, call: CallService): Promise<number> {
  const db = team.database.db;
  const orphans = await requestRows.orphanedRequests(db, team.now(), team.executor.leaseMs);
  let resumed = 0;
  for (const row of orphans) {
    const org = await findOrganization(db, row.org_id);
    const credentials = org ? team.credentialsFor(org) : null;
    if (!credentials) continue;
    const result = await executeRequest(
      team,
      call,
      row,
      credentials,
      row.status === 'executing' ? 'executing' : 'approved',
    );
    if (result.ended !== 'not-claimed') resumed++;
  }
  return resumed;
}

/**
 * Pays a request just approved: one payment or payout before the answer, so that the approver sees the transfer; a
 * file in the background. Without credentials to pay with it fails at once. The maker hears how it ended.
 */
export async function runApproved(
  team: Team,
  call: CallService | null,
  request: RequestRow,
  origin: string,
): Promise<void> {
  const db = team.database.db;
  const organization = await findOrganization(db, request.org_id);
  const credentials = organization ? team.credentialsFor(organization) : null;
  if (!call || !credentials) {
    await moveStatus(db, request.id, 'approved', 'failed', team.now(), {
      error: 'The console holds no credentials to pay with',
    });
    await team.audit(
      consoleEntry(request.org_id, 'approval.execute', [request.id], { status: 503, outcome: 'failed' }),
    );
    return;
  }
  const run = async () => {
    const result = await executeRequest(team, call, request, credentials);
    const ended = await requestRows.findRequest(db, request.org_id, request.id);
    if (ended && ['executed', 'partly-executed', 'failed'].includes(result.ended))
      await tellMaker(team, ended, origin);
  };
  // The run writes its own approval.execute line when it ends, with how it ended.
  if (request.kind === 'payment' || request.kind === 'payout') await run();
  else
    void run().catch((error) =>
      console.error(`[approvals] request ${request.id} failed to execute:`, (error as Error).message),
    );
}
