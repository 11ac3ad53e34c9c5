import { describe, expect, it } from 'vitest';
import { KEY_USED } from '../money-answer';
import { BatchesRun, type BatchService, type ServiceError } from './run-batches';

/** An error the fake service answers with, in the shape of `request()`'s. */
class Answer extends Error implements ServiceError {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status} ${code}`);
  }
}

interface Body {
  key: string;
}
interface Item {
  key: string;
  transferId?: string;
  error?: string;
  keyUsed?: boolean;
}
interface Batch {
  id: string;
  status: string;
  created: string;
  idempotency_key: string;
  items: Item[];
}

/** What the next POST of a batch meets: its answer lost after it was made, or an answer in its place. */
type Fault = 'answerLost' | 'noAnswer' | 'refused' | 'rateLimited' | 'noBatches';

/**
 * A service that takes batches, in memory: a key moves money once (a second use is refused as used, and so is a
 * batch's key), a batch is answered on the second look, lists are newest first by pages. Each service's own shapes
 * are its adapter's (features/<x>-file/<x>-file-send.ts) and tested there.
 */
function fakeService(options: { maxItems?: number; itemsInOrder?: boolean } = {}) {
  const batches: Batch[] = [];
  const transfers = new Map<string, string>();
  const posts: string[][] = [];
  const rowSends: string[] = [];
  const faults: Fault[] = [];
  const refusedKeys = new Set<string>();
  const slept: number[] = [];
  let clock = Date.now() - 60 * 60 * 1000;
  const now = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  const pay = (key: string): string | null => {
    if (transfers.has(key)) return null;
    const id = `t-${transfers.size + 1}`;
    transfers.set(key, id);
    return id;
  };
  const finish = (batch: Batch) => {
    for (const item of batch.items) {
      if (item.transferId || item.error || item.keyUsed) continue;
      if (refusedKeys.has(item.key)) item.error = 'The user has no wallet';
      else {
        const id = pay(item.key);
        if (id) item.transferId = id;
        else item.keyUsed = true;
      }
    }
    batch.status = 'completed';
  };
  const looks = new Map<string, number>();
  const copy = (batch: Batch): Batch => ({ ...batch, items: batch.items.map((item) => ({ ...item })) });
  const service: BatchService<Body, Batch> = {
    maxItems: options.maxItems ?? 5000,
    create: async ({ items, idempotency_key }) => {
      const fault = faults.shift();
      if (fault === 'noBatches') throw new Answer(404, 'not-found');
      if (fault === 'rateLimited') throw new Answer(429, 'rate-limited', 2);
      if (fault === 'refused') throw new Answer(422, 'invalid-request');
      if (fault === 'noAnswer') throw new TypeError('Failed to fetch');
      if (batches.some((batch) => batch.idempotency_key === idempotency_key)) throw new Answer(409, KEY_USED);
      const batch: Batch = {
        id: `b-${batches.length + 1}`,
        status: 'processing',
        created: now(),
        idempotency_key,
        items: items.map((body) => ({ key: body.key })),
      };
      batches.push(batch);
      posts.push(items.map((body) => body.key));
      if (fault === 'answerLost') throw new TypeError('Failed to fetch');
      return copy(batch);
    },
    get: async (id) => {
      const batch = batches.find((b) => b.id === id) as Batch;
      const look = (looks.get(id) ?? 0) + 1;
      looks.set(id, look);
      if (look >= 2) finish(batch);
      return copy(batch);
    },
    list: async ({ limit, starting_after }) => {
      const newestFirst = [...batches].reverse();
      const from = starting_after ? newestFirst.findIndex((b) => b.id === starting_after) + 1 : 0;
      return {
        data: newestFirst.slice(from, from + limit).map(copy),
        has_more: from + limit < newestFirst.length,
      };
    },
    answersOf: async (batch) =>
      (batches.find((b) => b.id === batch.id)?.items ?? []).map((item) => ({
        key: options.itemsInOrder ? undefined : item.key,
        transferId: item.transferId,
        keyUsed: Boolean(item.keyUsed),
        error: item.error,
      })),
    unanswered: (batch) =>
      batch.items.filter((item) => !item.transferId && !item.error && !item.keyUsed).length,
    finished: (batch) => batch.status === 'completed',
    itemsInOrder: options.itemsInOrder ?? false,
    findByKey: async (body) => {
      const transferId = transfers.get(body.key);
      return transferId ? { transferId } : null;
    },
    sendRow: async (body) => {
      rowSends.push(body.key);
      const id = pay(body.key);
      return id
        ? { kind: 'created', transferId: id }
        : { kind: 'alreadyPaid', transferId: transfers.get(body.key) as string };
    },
    resendAllowed: true,
    serviceErrorOf: (error) => (error instanceof Answer ? error : null),
    lookBackMs: 24 * 60 * 60 * 1000,
    words: { noun: 'payout', verb: { base: 'pay', past: 'paid', doing: 'paying' }, answer: 'result' },
  };
  return { service, batches, transfers, posts, rowSends, faults, refusedKeys, pay, finish, now, slept };
}

type Fake = ReturnType<typeof fakeService>;

/** A file of `count` rows keyed k-1, k-2, …; `paidBefore` those the check found paid already. */
const rowsOf = (count: number, paidBefore: ReadonlyMap<string, string> = new Map()) =>
  Array.from({ length: count }, (_, i) => {
    const key = `k-${i + 1}`;
    return { key, body: { key }, paidBefore: paidBefore.get(key) };
  });

function runOf(fake: Fake, rows: ReturnType<typeof rowsOf>) {
  return new BatchesRun(rows, fake.service, {
    batchKeyOf: async (keys) => keys.join('+'),
    sleep: async (ms) => {
      fake.slept.push(ms);
    },
  });
}

/** Each key paid once by the service, whatever the run did: the transfers it holds are one per key. */
const paidKeys = (fake: Fake) => [...fake.transfers.keys()].sort();

describe('a file sent as batches', () => {
  it('sends batches of at most maxItems, each under a key from its items, and reads each answer onto its row', async () => {
    const fake = fakeService({ maxItems: 2 });
    fake.refusedKeys.add('k-4');
    const run = runOf(fake, rowsOf(5));
    await run.start();

    expect(fake.posts).toEqual([['k-1', 'k-2'], ['k-3', 'k-4'], ['k-5']]);
    expect(fake.batches.map((b) => b.idempotency_key)).toEqual(['k-1+k-2', 'k-3+k-4', 'k-5']);
    expect(run.batchIds).toEqual(['b-1', 'b-2', 'b-3']);
    expect(run.outcomes[3]).toEqual({ kind: 'refused', message: 'The user has no wallet' });
    expect(run.outcomes[4]).toEqual({ kind: 'paid', transferId: fake.transfers.get('k-5') });
    expect(run.counts()).toMatchObject({ total: 5, paid: 4, refused: 1, unknown: 0, waiting: 0 });
    expect(run.state).toBe('done');
    expect(run.progress).toMatchObject({ done: 5, total: 5, status: 'completed' });
  });

  it('a batch whose answer was lost is found by its key and followed, never sent as a second batch', async () => {
    const fake = fakeService();
    fake.faults.push('answerLost');
    const run = runOf(fake, rowsOf(3));
    await run.start();

    expect(fake.batches).toHaveLength(1);
    expect(run.batchIds).toEqual(['b-1']);
    expect(run.counts()).toMatchObject({ paid: 3, unknown: 0 });
    expect(paidKeys(fake)).toEqual(['k-1', 'k-2', 'k-3']);
  });

  it('a batch that got no answer and is not found by its key is sent again under the same key, once', async () => {
    const fake = fakeService();
    fake.faults.push('noAnswer');
    const run = runOf(fake, rowsOf(2));
    await run.start();

    expect(fake.posts).toEqual([['k-1', 'k-2']]);
    expect(run.counts()).toMatchObject({ paid: 2, unknown: 0 });
  });

  it('after three sends with no answer and no batch found, each row is unknown, to be checked again', async () => {
    const fake = fakeService();
    fake.faults.push('noAnswer', 'noAnswer', 'noAnswer');
    const run = runOf(fake, rowsOf(2));
    await run.start();

    expect(fake.batches).toHaveLength(0);
    expect(run.outcomes).toEqual([
      {
        kind: 'unknown',
        message: 'The run stopped: Failed to fetch: choose the file again to find what was paid',
      },
      {
        kind: 'unknown',
        message: 'The run stopped: Failed to fetch: choose the file again to find what was paid',
      },
    ]);
  });

  it('a batch the service refuses refuses each of its rows; nothing is looked up or sent again', async () => {
    const fake = fakeService();
    fake.faults.push('refused');
    const run = runOf(fake, rowsOf(2));
    await run.start();

    expect(run.counts()).toMatchObject({ refused: 2, unknown: 0 });
    expect(run.outcomes[0]).toEqual({ kind: 'refused', message: '422 invalid-request' });
    expect(fake.batches).toHaveLength(0);
  });

  it('waits out a 429 for its Retry-After, then sends the same batch under the same key', async () => {
    const fake = fakeService();
    fake.faults.push('rateLimited');
    const run = runOf(fake, rowsOf(2));
    await run.start();

    expect(fake.slept[0]).toBe(2000);
    expect(fake.batches.map((b) => b.idempotency_key)).toEqual(['k-1+k-2']);
    expect(run.counts()).toMatchObject({ paid: 2 });
  });

  it('an item whose key was used before is looked up and shown as paid before, with the first transfer', async () => {
    const fake = fakeService();
    const first = fake.pay('k-2');
    const run = runOf(fake, rowsOf(3));
    await run.start();

    expect(run.outcomes[1]).toEqual({ kind: 'paidBefore', transferId: first });
    expect(run.counts()).toMatchObject({ paid: 2, paidBefore: 1 });
    expect(fake.transfers.size).toBe(3);
  });

  it('an item whose key was used but whose transfer is not found stays unknown, never paid again', async () => {
    const fake = fakeService();
    fake.pay('k-1');
    const lookUp = fake.service.findByKey;
    fake.service.findByKey = async (body) => (body.key === 'k-1' ? null : lookUp(body));
    const run = runOf(fake, rowsOf(1));
    await run.start();

    expect(run.outcomes).toEqual([
      { kind: 'unknown', message: 'Its key was used before, and no payout with it was found' },
    ]);
    expect(fake.transfers.size).toBe(1);
  });

  it('follows a batch an earlier run left running to its end and sends none of its rows again; the rest it sends', async () => {
    const fake = fakeService();
    // The page was reloaded while its batch paid: rows 1-2 paid when the file was checked again, 3-4 still out.
    const earlier: Batch = {
      id: 'b-earlier',
      status: 'processing',
      created: fake.now(),
      idempotency_key: 'the-first-run',
      items: ['k-1', 'k-2', 'k-3', 'k-4'].map((key) => ({ key })),
    };
    fake.batches.push(earlier);
    const paid = new Map<string, string>();
    for (const item of earlier.items.slice(0, 2)) {
      item.transferId = fake.pay(item.key) as string;
      paid.set(item.key, item.transferId);
    }
    const run = runOf(fake, rowsOf(5, paid));
    await run.start();

    expect(run.batchIds).toEqual(['b-earlier', 'b-2']);
    expect(fake.posts).toEqual([['k-5']]);
    expect(run.outcomes.slice(2)).toEqual([
      { kind: 'paidBefore', transferId: fake.transfers.get('k-3') },
      { kind: 'paidBefore', transferId: fake.transfers.get('k-4') },
      { kind: 'paid', transferId: fake.transfers.get('k-5') },
    ]);
    expect(paidKeys(fake)).toEqual(['k-1', 'k-2', 'k-3', 'k-4', 'k-5']);
  });

  it('a finished batch, or one older than the look-back, is not followed', async () => {
    const fake = fakeService();
    const old: Batch = {
      id: 'b-old',
      status: 'processing',
      created: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
      idempotency_key: 'long-ago',
      items: [{ key: 'k-2' }],
    };
    const done: Batch = {
      ...old,
      id: 'b-done',
      status: 'completed',
      created: fake.now(),
      idempotency_key: 'done',
    };
    fake.batches.push(old, done);
    const run = runOf(fake, rowsOf(2, new Map([['k-1', 't-before']])));
    await run.start();

    expect(fake.posts).toEqual([['k-2']]);
    expect(run.batchIds).toEqual([fake.batches.at(-1)?.id]);
    expect(run.outcomes[1]).toEqual({ kind: 'paid', transferId: fake.transfers.get('k-2') });
  });

  it('names answers by their place where they carry no keys, and only then', async () => {
    const fake = fakeService({ itemsInOrder: true });
    const run = runOf(fake, rowsOf(2));
    await run.start();
    expect(run.outcomes).toEqual([
      { kind: 'paid', transferId: fake.transfers.get('k-1') },
      { kind: 'paid', transferId: fake.transfers.get('k-2') },
    ]);

    const keyless = fakeService({ itemsInOrder: true });
    keyless.service.itemsInOrder = false;
    const unnamed = runOf(keyless, rowsOf(1));
    await unnamed.start();
    expect(unnamed.outcomes).toEqual([{ kind: 'unknown', message: 'The batch has no result for this row' }]);
  });

  it('where the service has no batches, sends row by row, each row once', async () => {
    const fake = fakeService();
    fake.faults.push('noBatches');
    const run = runOf(fake, rowsOf(3));
    await run.start();

    expect(fake.rowSends.sort()).toEqual(['k-1', 'k-2', 'k-3']);
    expect(run.rowRun?.state).toBe('done');
    expect(run.counts()).toMatchObject({ paid: 3 });
    expect(run.progress).toMatchObject({ done: 3, status: 'row by row' });
  });
});
