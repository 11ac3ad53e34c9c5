// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../api/credentials';
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
interface Batch {
  id: string;
  created: string;
  status: 'pending' | 'completed';
  idempotency_key: string;
  items: Item[];
}
interface Move {
  id: string;
  type: 'balance';
  amount: number;
  status: string;
  user_id: string;
  created: string;
  metadata: { console_request_id: string };
}

/**
 * The vendor's transfer batches and transfers, in memory, as far as a moves file's run reads them: lists newest first
 * by pages, a key moved once (a second use is the item's error `idempotency-key-used: …`), and a batch whose items a
 * worker moves on the third look.
 */
function fakeService() {
  const batches: Batch[] = [];
  const transfers: Move[] = [];
  const posted: string[] = [];
  const pollsOf = new Map<string, number>();
  let clock = Date.now() - 60 * 60 * 1000;
  const now = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  const move = (userId: string, key: string, amount = -100): Move => {
    const transfer: Move = {
      id: `t-${transfers.length + 1}`,
      type: 'balance',
      amount,
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
      if (item.transfer_id || item.error) continue;
      if (transfers.some((t) => t.metadata.console_request_id === item.idempotency_key)) {
        item.error = 'idempotency-key-used: A transfer with this key exists already';
      } else item.transfer_id = move(item.user_id, item.idempotency_key, item.amount).id;
    }
    batch.status = 'completed';
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
    if (method === 'POST' && path === '/v2/transfer-batches') {
      const body = JSON.parse(String(init?.body)) as { idempotency_key: string; items: Item[] };
      posted.push(...body.items.map((item) => item.idempotency_key));
      for (const earlier of batches) finish(earlier);
      const batch: Batch = {
        id: `b-${batches.length + 1}`,
        created: now(),
        status: 'pending',
        idempotency_key: body.idempotency_key,
        items: body.items.map(({ user_id, amount, idempotency_key }) => ({
          user_id,
          amount,
          idempotency_key,
        })),
      };
      batches.push(batch);
      return json(batch);
    }
    if (path === '/v2/transfer-batches') return json(page(batches, url.searchParams));
    const batch = batches.find((b) => b.id === path.split('/')[3]);
    if (batch) {
      const polls = (pollsOf.get(batch.id) ?? 0) + 1;
      pollsOf.set(batch.id, polls);
      if (polls >= 3) finish(batch);
      return json(batch);
    }
    if (path === '/v2/transfers') {
      const userId = url.searchParams.get('user_id');
      return json(
        page(
          transfers.filter((t) => !userId || t.user_id === userId),
          url.searchParams,
        ),
      );
    }
    return json({ error: 'not found' }, 404);
  });
  return { batches, transfers, posted, move, finish, fetch, now };
}

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
    const earlier: Batch = {
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
