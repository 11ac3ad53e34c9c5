import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { type DeliveryFloorResult, runDeliveryFloor } from './delivery-floor';
import {
  authHeaders,
  cpuMsEach,
  cpuMsOf,
  financeOf,
  makeTenant,
  median,
  medianOrNull,
  paymentBody,
  sleep,
  type Tenant,
} from './lib';

export interface PaymentsBesideEventsResult {
  rounds: number;
  seconds: number;
  connections: number;
  /** A finance member's payments a second, subscriptions off (the median round). */
  off: number;
  /**
   * The same member's rate in an organization subscribed to its events, each payment's event sent, received and
   * applied by the same server: `answered` while paying, `sustained` counting the wait after the round until every
   * one of its events was applied (what a day of payments costs, not only its answers).
   */
  on: { answered: number; sustained: number; drainMs: number };
  /** `on.sustained` as a share of `off`: the budget is at least 0.95. */
  ratio: number;
  /**
   * The server's CPU for a payment (milliseconds, the median round), subscriptions off, and on with its event sent,
   * received and applied (the round and its drain): what an event costs the process whatever else shares the machine.
   * Null where a process's CPU cannot be read.
   */
  cpuMsPerPayment: { off: number | null; on: number | null };
  /** For scale: what a bare signed delivery costs a process that sends and receives it (delivery-floor.ts). */
  floor: DeliveryFloorResult;
}

async function memberAuthorization(url: string, tenant: Tenant): Promise<string> {
  const member = financeOf(tenant);
  const answer = await fetch(`${url}/api/team/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (answer.status !== 201) throw new Error(`sign-in answered ${answer.status}`);
  const { member_id, secret } = (await answer.json()) as { member_id: string; secret: string };
  return `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}`;
}

/** One round of a member's payments: answered (2xx) and the rate. */
async function payFor(
  url: string,
  tenant: Tenant,
  authorization: string,
  seconds: number,
  connections: number,
) {
  const userId = tenant.users[0]?.id ?? '';
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { ...authHeaders(tenant), Authorization: authorization },
    requests: [
      {
        method: 'POST',
        path: '/v2/payments',
        setupRequest: (r) => ({ ...r, body: paymentBody(userId, crypto.randomUUID(), 1) }),
      },
    ],
  });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${result.errors} errors and ${result.non2xx} non-2xx answers among the payments`);
  return { paid: result['2xx'], perSecond: result['2xx'] / seconds };
}

/**
 * A member's payment rate with subscriptions on, and off, side by side: two organizations of one console server, one
 * subscribed to its events (each payment's `transfer.created` sent by the sandbox, received, read and applied by the
 * console), the other not, their finance members paying in turns so that the drift of a shared machine falls on both.
 * After each subscribed round the bench waits until the console has applied every event of it (read from the
 * console's database file), and counts that wait in the subscribed rate.
 */
export async function runPaymentsBesideEvents(
  url: string,
  consoleDbFile: string,
  rounds: number,
  seconds: number,
  connections = 16,
  serverPid?: number,
  floorDeliveries = 30_000,
): Promise<PaymentsBesideEventsResult> {
  const subscribed = await makeTenant(url, { events: true, approval_limit_cents: null });
  const quiet = await makeTenant(url, { approval_limit_cents: null });
  const onAuth = await memberAuthorization(url, subscribed);
  const offAuth = await memberAuthorization(url, quiet);
  const db = new Database(consoleDbFile, { readonly: true });
  const created = db.prepare(
    `SELECT count(*) FROM service_events e JOIN organizations o ON o.id = e.org_id
     WHERE o.client_id = ? AND e.type = 'transfer.created'`,
  );
  const applied = () => created.pluck().get(subscribed.client_id) as number;
  try {
    const off: number[] = [];
    const answered: number[] = [];
    const sustained: number[] = [];
    const drains: number[] = [];
    const cpuOn: (number | null)[] = [];
    const cpuOff: (number | null)[] = [];
    let paidOn = 0;
    for (let round = 0; round < rounds; round++) {
      const onStarted = cpuMsOf(serverPid);
      const on = await payFor(url, subscribed, onAuth, seconds, connections);
      paidOn += on.paid;
      const drainStarted = performance.now();
      for (const until = Date.now() + 60_000; applied() < paidOn; await sleep(20)) {
        if (Date.now() > until) throw new Error(`${applied()} of ${paidOn} events applied after a minute`);
      }
      const drainMs = performance.now() - drainStarted;
      cpuOn.push(cpuMsEach(serverPid, onStarted, on.paid));
      answered.push(on.perSecond);
      sustained.push(on.paid / (seconds + drainMs / 1000));
      drains.push(drainMs);
      const offStarted = cpuMsOf(serverPid);
      const quietRound = await payFor(url, quiet, offAuth, seconds, connections);
      cpuOff.push(cpuMsEach(serverPid, offStarted, quietRound.paid));
      off.push(quietRound.perSecond);
    }
    const offRate = median(off);
    const onSustained = median(sustained);
    console.log(
      'payments beside events:',
      JSON.stringify({ off, answered, sustained, drains, cpuOn, cpuOff }),
    );
    const cpuMedian = (values: (number | null)[]) => {
      const middle = medianOrNull(values);
      return middle === null ? null : Math.round(middle * 1000) / 1000;
    };
    return {
      rounds,
      seconds,
      connections,
      off: Math.round(offRate),
      on: {
        answered: Math.round(median(answered)),
        sustained: Math.round(onSustained),
        drainMs: Math.round(median(drains)),
      },
      ratio: Math.round((onSustained / offRate) * 1000) / 1000,
      cpuMsPerPayment: { off: cpuMedian(cpuOff), on: cpuMedian(cpuOn) },
      // After the rounds, with the console server idle: a process of its own on a quiet machine.
      floor: runDeliveryFloor(floorDeliveries),
    };
  } finally {
    db.close();
  }
}
