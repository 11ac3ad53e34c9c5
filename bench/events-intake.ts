import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { type Distribution, distribution } from './browser';
import { authHeaders, makeTenant, sleep } from './lib';

export interface IntakeResult {
  /** Events offered a second, and for how long. */
  offeredPerSecond: number;
  seconds: number;
  sent: number;
  /** Answered 200 and applied (a new status recorded and told to open pages). */
  applied: number;
  /**
   * Answered otherwise, by outcome: `disagrees` is a transfer the settle clock moved after it was listed (the event's
   * status is no longer the service's, so nothing is applied); a status or `no answer` is a failure.
   */
  notApplied: number;
  notAppliedBy: Record<string, number>;
  /** Applied a second, from the first send to the last answer. */
  appliedPerSecond: number;
  /** From the moment an event was due to be sent to its answer (applied), in ms. */
  lag: Distribution & { max: number };
  /** The lag of the first and of the last second's events: bounded when the last is no larger than the first. */
  lagFirstSecondP95: number;
  lagLastSecondP95: number;
  /** After the last send, until the last answer, in ms. */
  drainMs: number;
}

interface ListedTransfer {
  id: string;
  status: string;
  [field: string]: unknown;
}

/** The tenant's transfers, as the service lists them (the bodies the events carry). */
async function transfersOf(url: string, headers: Record<string, string>, count: number) {
  const all: ListedTransfer[] = [];
  let after = '';
  while (all.length < count) {
    const page = await fetch(`${url}/v2/transfers?limit=100${after ? `&starting_after=${after}` : ''}`, {
      headers,
    });
    if (!page.ok) throw new Error(`GET /v2/transfers answered ${page.status}`);
    const body = (await page.json()) as { data: ListedTransfer[]; has_more: boolean };
    all.push(...body.data);
    const last = body.data.at(-1);
    if (!body.has_more || !last) break;
    after = last.id;
  }
  return all.slice(0, count);
}

/**
 * As a sender posts its events: over a bounded pool of kept-alive connections (64), the rest waiting their turn at
 * the sender (and counted in their lag). A connection of its own for each of a thousand events a second measured the
 * machine's listen queue, not the console.
 */
const SENDER_CONNECTIONS = 64;

function post(agent: Agent, url: URL, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const length = String(Buffer.byteLength(body));
    const sent = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': length } },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          text += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
        answer.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const p95Of = (values: number[]) => distribution(values.length > 0 ? values : [Number.NaN]).p95;

/**
 * One console server receiving the service's events at `perSecond` for `seconds`, open loop (each event sent when
 * its time comes, whatever the answers before it): each a transfer of a tenant's own with its status as the service
 * answers it, signed by Standard Webhooks with the secret the server was started with (PAYOUT_EVENTS_SECRET). The
 * server verifies, stores once, reads the transfer from its sandbox, records the status and tells open pages before
 * it answers, so an answer is an event applied. The events are signed before the clock starts, so that the sender's
 * own work is not in the figure.
 */
export async function runEventIntake(
  url: string,
  secret: string,
  perSecond: number,
  seconds: number,
): Promise<IntakeResult> {
  const count = perSecond * seconds;
  const tenant = await makeTenant(url, { transfers: count });
  const transfers = await transfersOf(url, authHeaders(tenant), count);
  if (transfers.length < count) throw new Error(`the tenant has ${transfers.length} transfers of ${count}`);
  const signer = new Webhook(secret);
  const signedAt = new Date();
  const deliveries = transfers.map((transfer) => {
    const id = `msg_${randomUUID()}`;
    const body = JSON.stringify({
      type: `transfer.${transfer.status}`,
      timestamp: signedAt.toISOString(),
      data: transfer,
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
        'webhook-signature': signer.sign(id, signedAt, body),
      },
    };
  });
  const endpoint = new URL(`${url}/events/${tenant.client_id}`);
  const agent = new Agent({ keepAlive: true, maxSockets: SENDER_CONNECTIONS });
  const lags: { dueAt: number; lag: number }[] = [];
  let applied = 0;
  let notApplied = 0;
  const notAppliedBy: Record<string, number> = {};
  const notApply = (why: string) => {
    notApplied++;
    notAppliedBy[why] = (notAppliedBy[why] ?? 0) + 1;
  };
  const answers: Promise<void>[] = [];
  const dueOf = (index: number) => (index * 1000) / perSecond;
  const send = (index: number) => {
    const delivery = deliveries[index] as (typeof deliveries)[number];
    const dueAt = dueOf(index);
    answers.push(
      post(agent, endpoint, delivery.headers, delivery.body)
        .then((answer) => {
          const outcome =
            answer.status === 200 ? (JSON.parse(answer.text) as { outcome?: string }).outcome : null;
          if (outcome === 'applied') {
            applied++;
            lags.push({ dueAt, lag: performance.now() - started - dueAt });
          } else notApply(outcome ?? `answered ${answer.status}`);
        })
        .catch(() => notApply('no answer')),
    );
  };
  const started = performance.now();
  let sent = 0;
  while (sent < count) {
    // Every event whose time has come, so that a timer that fired late sends the ones it owes at once.
    const now = performance.now() - started;
    for (; sent < count && dueOf(sent) <= now; sent++) send(sent);
    if (sent < count) await sleep(Math.max(1, dueOf(sent) - (performance.now() - started)));
  }
  const lastSent = performance.now();
  await Promise.all(answers);
  const ended = performance.now();
  agent.destroy();
  const all = lags.map((l) => l.lag);
  const lastSecondFrom = (seconds - 1) * 1000;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    offeredPerSecond: perSecond,
    seconds,
    sent: count,
    applied,
    notApplied,
    notAppliedBy,
    appliedPerSecond: Math.round(applied / ((ended - started) / 1000)),
    lag: { ...distribution(all.length > 0 ? all : [Number.NaN]), max: round(Math.max(...all, 0)) },
    lagFirstSecondP95: p95Of(lags.filter((l) => l.dueAt < 1000).map((l) => l.lag)),
    lagLastSecondP95: p95Of(lags.filter((l) => l.dueAt >= lastSecondFrom).map((l) => l.lag)),
    drainMs: round(ended - lastSent),
  };
}
