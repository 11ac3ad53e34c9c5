/** A transfer as the fake vendor keeps it: found by the key its request id carries. */
export interface FakeTransfer {
  id: string;
  type: string;
  amount: number;
  status: string;
  user_id: string;
  created: string;
  metadata: { console_request_id: string };
}

/** A batch as the fake vendor keeps it, its items in the vendor's own shape. */
export interface FakeBatch<TItem> {
  id: string;
  created: string;
  status: string;
  idempotency_key: string;
  items: TItem[];
}

interface PostedItem {
  user_id: string;
  idempotency_key: string;
  amount?: number;
}

/** What sets one vendor's batches apart: where they are, what their items and answers look like. */
export interface BatchVendorShape<TItem extends PostedItem> {
  /** Where its batches are: `/v2/transfer-batches`. */
  path: string;
  /** What a transfer an item makes is: its type and amount. */
  made: (item: TItem) => { type: string; amount: number };
  /** An item as the vendor keeps it, from the item posted. */
  itemOf: (posted: PostedItem) => TItem;
  answered: (item: TItem) => boolean;
  /** The item's answer, written on it: the transfer it made, or its key used before. */
  answer: (item: TItem, made: FakeTransfer | 'keyUsed') => void;
  /** A batch's status when it is posted. */
  started: string;
  /** A batch posted is answered at once (after the batches before it), not only on the third look. */
  answersAtOnce: boolean;
  /** The batch as the vendor shows it. */
  view: (batch: FakeBatch<TItem>) => unknown;
  /** A batch's route of its own (a payout batch's results), or null. */
  route?: (path: string, batches: readonly FakeBatch<TItem>[]) => unknown | null;
}

/**
 * A vendor that takes batches, in memory behind `fetch`, for the test of each file's run through its own adapter
 * (features/<x>-file/<x>-file-send.test.ts): lists newest first by pages (`limit`, `starting_after`), a key that makes
 * one transfer (a second use is the item's error, in the vendor's words), a batch whose worker answers its items on
 * the third look, and a user's transfers since a date. Its clock starts an hour back and steps a second a record.
 */
export function fakeBatchVendor<TItem extends PostedItem>(shape: BatchVendorShape<TItem>) {
  const batches: FakeBatch<TItem>[] = [];
  const transfers: FakeTransfer[] = [];
  const posted: string[] = [];
  const looksAt = new Map<string, number>();
  let clock = Date.now() - 60 * 60 * 1000;
  const now = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  /** A transfer made under `key`, outside any batch of the run's (an earlier run's, another member's). */
  const transfer = (userId: string, key: string, made: { type: string; amount: number }): FakeTransfer => {
    const created: FakeTransfer = {
      id: `t-${transfers.length + 1}`,
      ...made,
      status: 'completed',
      user_id: userId,
      created: now(),
      metadata: { console_request_id: key },
    };
    transfers.push(created);
    return created;
  };
  const finish = (batch: FakeBatch<TItem>) => {
    for (const item of batch.items) {
      if (shape.answered(item)) continue;
      const used = transfers.some((t) => t.metadata.console_request_id === item.idempotency_key);
      shape.answer(item, used ? 'keyUsed' : transfer(item.user_id, item.idempotency_key, shape.made(item)));
    }
    batch.status = 'completed';
  };
  const page = <T extends { id: string }>(all: readonly T[], query: URLSearchParams) => {
    const newestFirst = [...all].reverse();
    const after = query.get('starting_after');
    const from = after ? newestFirst.findIndex((row) => row.id === after) + 1 : 0;
    const limit = Number(query.get('limit') ?? 100);
    return { data: newestFirst.slice(from, from + limit), has_more: from + limit < newestFirst.length };
  };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const path = url.pathname;
    if ((init?.method ?? 'GET') === 'POST' && path === shape.path) {
      const body = JSON.parse(String(init?.body)) as { idempotency_key: string; items: PostedItem[] };
      posted.push(...body.items.map((item) => item.idempotency_key));
      // The worker answers batches in the order they came: an earlier one's items first.
      for (const earlier of batches) finish(earlier);
      const batch: FakeBatch<TItem> = {
        id: `b-${batches.length + 1}`,
        created: now(),
        status: shape.started,
        idempotency_key: body.idempotency_key,
        items: body.items.map(shape.itemOf),
      };
      batches.push(batch);
      if (shape.answersAtOnce) finish(batch);
      return json(shape.view(batch));
    }
    if (path === shape.path) return json(page(batches.map(shape.view) as { id: string }[], url.searchParams));
    const own = shape.route?.(path, batches);
    if (own) return json(own);
    const batch = batches.find((b) => path === `${shape.path}/${b.id}`);
    if (batch) {
      // The worker goes on while the run polls: the third look finds it done.
      const looks = (looksAt.get(batch.id) ?? 0) + 1;
      looksAt.set(batch.id, looks);
      if (looks >= 3) finish(batch);
      return json(shape.view(batch));
    }
    if (path === '/v2/transfers') {
      const userId = url.searchParams.get('user_id');
      const since = Date.parse(url.searchParams.get('start_date') ?? '1970-01-01T00:00:00Z');
      const theirs = transfers.filter(
        (t) => (!userId || t.user_id === userId) && Date.parse(t.created) >= since,
      );
      return json(page(theirs, url.searchParams));
    }
    return json({ error: 'not found' }, 404);
  };
  return { batches, transfers, posted, transfer, fetch, now };
}
