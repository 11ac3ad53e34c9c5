// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../api/credentials';
import { type FakeBatch, fakeBatchVendor } from '../../lib/file-engine/batch-vendor-fake';
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

/**
 * The vendor's payout batches and transfers, in memory (lib/file-engine/batch-vendor-fake.ts): a batch posted is paid
 * at once, one left running by an earlier run on the third look; how far a batch is, in its `progress`; each item's
 * result at the batch's results, a key used before as `idempotency-key-used`.
 */
const fakeService = () => {
  const view = ({ items, ...batch }: FakeBatch<Item>) => {
    const done = items.filter((item) => item.transfer || item.error_code).length;
    return { ...batch, progress: { total: items.length, done, paid: done, failed: 0 } };
  };
  const vendor = fakeBatchVendor<Item>({
    path: '/v2/payout-batches',
    made: () => ({ type: 'payout', amount: 100 }),
    itemOf: ({ user_id, idempotency_key }) => ({ user_id, idempotency_key }),
    answered: (item) => Boolean(item.transfer || item.error_code),
    answer: (item, made) => {
      if (made === 'keyUsed') item.error_code = 'idempotency-key-used';
      else item.transfer = { id: made.id, status: 'completed' };
    },
    started: 'processing',
    answersAtOnce: true,
    view,
    route: (path, batches) => {
      const batch = batches.find((b) => path === `/v2/payout-batches/${b.id}/results`);
      return batch ? { id: batch.id, status: batch.status, items: batch.items } : null;
    },
  });
  const pay = (userId: string, key: string) => vendor.transfer(userId, key, { type: 'payout', amount: 100 });
  return { ...vendor, pay };
};

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
    const earlier: FakeBatch<Item> = {
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
