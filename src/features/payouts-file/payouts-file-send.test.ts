// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../api/credentials';
import { planPayouts } from './payouts-file-plan';
import type { ResolvedPayout } from './payouts-file-resolve';
import { PayoutsFileRun } from './payouts-file-send';

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

interface Item {
  user_id: string;
  idempotency_key: string;
  transfer?: { id: string; status: string };
  error_code?: string;
}
interface Batch {
  id: string;
  created: string;
  status: string;
  idempotency_key: string;
  items: Item[];
}
interface Payout {
  id: string;
  type: 'payout';
  amount: number;
  status: string;
  user_id: string;
  created: string;
  metadata: { console_request_id: string };
}

/**
 * The vendor's payout batches and transfers, in memory, as far as a payouts file's run reads them: lists newest
 * first by pages of 100 (or `limit`), a key paid once (a second use is `idempotency-key-used`), and a batch whose
 * items a worker pays when told (`finish`).
 */
function fakeService() {
  const batches: Batch[] = [];
  const transfers: Payout[] = [];
  const posted: string[] = [];
  const pollsOf = new Map<string, number>();
  // An hour ago, a second a step: within the day a run looks back over.
  let clock = Date.now() - 60 * 60 * 1000;
  const now = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  const pay = (userId: string, key: string): Payout => {
    const transfer: Payout = {
      id: `t-${transfers.length + 1}`,
      type: 'payout',
      amount: 100,
      status: 'completed',
      user_id: userId,
      created: now(),
      metadata: { console_request_id: key },
    };
    transfers.push(transfer);
    return transfer;
  };
  const finish = (batch: Batch) => {
    for (const item of batch.items) {
      if (item.transfer || item.error_code) continue;
      if (transfers.some((t) => t.metadata.console_request_id === item.idempotency_key)) {
        item.error_code = 'idempotency-key-used';
      } else item.transfer = { id: pay(item.user_id, item.idempotency_key).id, status: 'completed' };
    }
    batch.status = 'completed';
  };
  const view = (batch: Batch) => {
    const done = batch.items.filter((item) => item.transfer || item.error_code).length;
    const { items: _items, ...rest } = batch;
    return { ...rest, progress: { total: batch.items.length, done, paid: done, failed: 0 } };
  };
  const page = <T extends { id: string }>(all: T[], query: URLSearchParams) => {
    const newestFirst = [...all].reverse();
    const after = query.get('starting_after');
    const from = after ? newestFirst.findIndex((row) => row.id === after) + 1 : 0;
    const limit = Number(query.get('limit') ?? 100);
    return { data: newestFirst.slice(from, from + limit), has_more: from + limit < newestFirst.length };
  };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    if (method === 'POST' && path === '/v2/payout-batches') {
      const body = JSON.parse(String(init?.body)) as { idempotency_key: string; items: Item[] };
      posted.push(...body.items.map((item) => item.idempotency_key));
      // The service pays batches in the order they came: an earlier one's items first.
      for (const earlier of batches) finish(earlier);
      const batch: Batch = {
        id: `b-${batches.length + 1}`,
        created: now(),
        status: 'processing',
        idempotency_key: body.idempotency_key,
        items: body.items.map((item) => ({ user_id: item.user_id, idempotency_key: item.idempotency_key })),
      };
      batches.push(batch);
      finish(batch);
      return json(view(batch));
    }
    if (path === '/v2/payout-batches') return json({ ...page(batches.map(view), url.searchParams) });
    const results = path.match(/^\/v2\/payout-batches\/([^/]+)\/results$/);
    const batch = batches.find((b) => b.id === (results?.[1] ?? path.split('/')[3]));
    if (results && batch) return json({ id: batch.id, status: batch.status, items: batch.items });
    if (batch) {
      // The worker goes on while the run polls: the third look finds it done.
      const polls = (pollsOf.get(batch.id) ?? 0) + 1;
      pollsOf.set(batch.id, polls);
      if (polls >= 3) finish(batch);
      return json(view(batch));
    }
    if (path === '/v2/transfers') {
      const userId = url.searchParams.get('user_id');
      const since = Date.parse(url.searchParams.get('start_date') ?? '1970-01-01T00:00:00Z');
      const mine = transfers.filter(
        (t) => (!userId || t.user_id === userId) && Date.parse(t.created) >= since,
      );
      return json(page(mine, url.searchParams));
    }
    return json({ error: 'not found' }, 404);
  });
  return { batches, transfers, posted, pay, finish, fetch, now };
}

const payout = (row: number): ResolvedPayout => ({
  row,
  userId: 'u-1',
  payeeName: 'Sam',
  payeeEmail: null,
  cents: 100 + row,
  platform: 'paypal',
  accountId: undefined,
  methodText: 'PayPal',
  metadata: { invoice: `PO-${row}` },
});

/** A file of `count` rows to one payee, keyed k-2, k-3, …; `paidBefore` rows found paid by the check. */
function fileOf(count: number, paidBefore: Map<string, string> = new Map()) {
  const payouts = Array.from({ length: count }, (_, i) => payout(i + 2));
  const keys = payouts.map((p) => `k-${p.row}`);
  const lastDay = [...paidBefore].map(([key, id]) => ({
    id,
    amount: 100,
    status: 'completed',
    type: 'payout',
    metadata: { console_request_id: key },
  }));
  return planPayouts(payouts, keys, lastDay, undefined);
}

const deps = {
  mode: 'sandbox' as const,
  batchKeyOf: async (keys: readonly string[]) => keys.join('+'),
  sleep: async () => {},
};

describe('a payouts file run', () => {
  it('follows a batch an earlier run left running to its end, and sends none of its rows again', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    const service = fakeService();
    vi.stubGlobal('fetch', service.fetch);
    // The page was reloaded while its batch paid: four of six rows paid when the file was checked again.
    const earlier: Batch = {
      id: 'b-earlier',
      created: service.now(),
      status: 'processing',
      idempotency_key: 'the-first-run',
      items: [2, 3, 4, 5, 6, 7].map((row) => ({ user_id: 'u-1', idempotency_key: `k-${row}` })),
    };
    service.batches.push(earlier);
    const paid = new Map<string, string>();
    for (const item of earlier.items.slice(0, 4)) {
      item.transfer = { id: service.pay('u-1', item.idempotency_key).id, status: 'completed' };
      paid.set(item.idempotency_key, item.transfer.id);
    }
    const run = new PayoutsFileRun(fileOf(6, paid), deps);
    await run.start();

    expect(run.batchIds).toEqual(['b-earlier']);
    expect(service.posted).toEqual([]);
    expect(run.counts()).toMatchObject({ paid: 0, paidBefore: 6, unknown: 0, refused: 0, waiting: 0 });
    expect(run.outcomes.slice(4)).toEqual([
      { kind: 'paidBefore', transferId: earlier.items[4]?.transfer?.id },
      { kind: 'paidBefore', transferId: earlier.items[5]?.transfer?.id },
    ]);
    expect(service.transfers).toHaveLength(6);
  });

  it('finds a row whose key was used however many payouts its payee was paid since, each row paid once', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    const service = fakeService();
    vi.stubGlobal('fetch', service.fetch);
    // Two rows were paid (the check did not see them: its read of the last day was full), then 250 payouts more.
    const first = [service.pay('u-1', 'k-2'), service.pay('u-1', 'k-3')];
    for (let i = 0; i < 250; i++) service.pay('u-1', `other-${i}`);
    const run = new PayoutsFileRun(fileOf(3), deps);
    await run.start();

    expect(service.posted).toEqual(['k-2', 'k-3', 'k-4']);
    expect(run.outcomes).toEqual([
      { kind: 'paidBefore', transferId: first[0]?.id },
      { kind: 'paidBefore', transferId: first[1]?.id },
      { kind: 'paid', transferId: expect.any(String) },
    ]);
    const keys = service.transfers
      .map((t) => t.metadata.console_request_id)
      .filter((k) => k.startsWith('k-'));
    expect(keys.sort()).toEqual(['k-2', 'k-3', 'k-4']);
  });
});
