// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../api/credentials';
import { type FakeBatch, fakeBatchVendor } from '../../lib/file-engine/batch-vendor-fake';
import { planMoves } from './moves-file-plan';
import type { ResolvedMove } from './moves-file-resolve';
import { MovesFileRun } from './moves-file-send';

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

interface Item {
  user_id: string;
  amount: number;
  idempotency_key: string;
  transfer_id?: string;
  error?: string;
}

/**
 * The vendor's transfer batches and transfers, in memory (lib/file-engine/batch-vendor-fake.ts): a batch is `pending`
 * until its worker moves its items on the third look; a key used before is the item's error
 * `idempotency-key-used: …`; each item's answer is in the batch itself.
 */
const fakeService = () => {
  const vendor = fakeBatchVendor<Item>({
    path: '/v2/transfer-batches',
    made: (item) => ({ type: 'balance', amount: item.amount }),
    itemOf: ({ user_id, amount, idempotency_key }) => ({ user_id, amount: amount ?? 0, idempotency_key }),
    answered: (item) => Boolean(item.transfer_id || item.error),
    answer: (item, made) => {
      if (made === 'keyUsed') item.error = 'idempotency-key-used: A transfer with this key exists already';
      else item.transfer_id = made.id;
    },
    started: 'pending',
    answersAtOnce: false,
    view: (batch) => batch,
  });
  const move = (userId: string, key: string) =>
    vendor.transfer(userId, key, { type: 'balance', amount: -100 });
  return { ...vendor, move };
};

const resolved = (row: number): ResolvedMove => ({
  row,
  userId: 'u-1',
  userName: 'Sam',
  userEmail: null,
  cents: 100,
  direction: 'to_user',
  metadata: { reason: `R-${row}` },
});

/** A file of `count` rows to one user, keyed k-2, k-3, …; `movedBefore` rows found moved by the check. */
function fileOf(count: number, movedBefore: Map<string, string> = new Map()) {
  const moves = Array.from({ length: count }, (_, i) => resolved(i + 2));
  const lastDay = [...movedBefore].map(([key, id]) => ({
    id,
    amount: -100,
    status: 'completed',
    type: 'balance',
    metadata: { console_request_id: key },
  }));
  return planMoves(
    moves,
    moves.map((m) => `k-${m.row}`),
    lastDay,
    undefined,
  );
}

const deps = {
  mode: 'sandbox' as const,
  batchKeyOf: async (keys: readonly string[]) => keys.join('+'),
  sleep: async () => {},
};

describe('a wallet moves file run', () => {
  it('sends its rows as one transfer batch, follows it to completed, and reads each item onto its row', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    const service = fakeService();
    vi.stubGlobal('fetch', service.fetch);
    const run = new MovesFileRun(fileOf(3), deps);
    await run.start();

    expect(service.posted).toEqual(['k-2', 'k-3', 'k-4']);
    expect(run.batchIds).toEqual(['b-1']);
    expect(run.counts()).toMatchObject({ paid: 3, paidBefore: 0, refused: 0, unknown: 0, waiting: 0 });
    expect(service.transfers.map((t) => t.amount)).toEqual([-100, -100, -100]);
  });

  it('follows a batch an earlier run left pending to its end, and sends none of its rows again', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    const service = fakeService();
    vi.stubGlobal('fetch', service.fetch);
    // The page was reloaded while its batch moved: four of six rows moved when the file was checked again.
    const earlier: FakeBatch<Item> = {
      id: 'b-earlier',
      created: service.now(),
      status: 'pending',
      idempotency_key: 'the-first-run',
      items: [2, 3, 4, 5, 6, 7].map((row) => ({ user_id: 'u-1', amount: -100, idempotency_key: `k-${row}` })),
    };
    service.batches.push(earlier);
    const moved = new Map<string, string>();
    for (const item of earlier.items.slice(0, 4)) {
      item.transfer_id = service.move('u-1', item.idempotency_key).id;
      moved.set(item.idempotency_key, item.transfer_id);
    }
    const run = new MovesFileRun(fileOf(6, moved), deps);
    await run.start();

    expect(run.batchIds).toEqual(['b-earlier']);
    expect(service.posted).toEqual([]);
    expect(run.counts()).toMatchObject({ paid: 0, paidBefore: 6, unknown: 0, refused: 0, waiting: 0 });
    expect(run.outcomes.slice(4)).toEqual([
      { kind: 'paidBefore', transferId: earlier.items[4]?.transfer_id },
      { kind: 'paidBefore', transferId: earlier.items[5]?.transfer_id },
    ]);
    expect(service.transfers).toHaveLength(6);
  });

  it('finds a row whose key was used, however many transfers its user had since: each row moved once', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    const service = fakeService();
    vi.stubGlobal('fetch', service.fetch);
    // Two rows were moved (the check did not see them), then 250 transfers more.
    const first = [service.move('u-1', 'k-2'), service.move('u-1', 'k-3')];
    for (let i = 0; i < 250; i++) service.move('u-1', `other-${i}`);
    const run = new MovesFileRun(fileOf(3), deps);
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
