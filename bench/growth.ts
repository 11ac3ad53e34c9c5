import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createTenant } from '../src/sandbox/domain/tenant-factory';
import { openDatabase } from '../src/sandbox/store/db';
import { insertUser } from '../src/sandbox/store/tenants';
import {
  findTransfer,
  type PageOptions,
  pageOfTransferJson,
  transferPageQuery,
} from '../src/sandbox/store/transfers';
import {
  authHeaders,
  hammer,
  type Latency,
  median,
  type Server,
  scratchDir,
  startConsoleServer,
} from './lib';

export interface GrowthResult {
  transfers: number;
  seedSeconds: number;
  firstPage: { p50: number; p99: number };
  deepPage: { p50: number; p99: number };
  read: { p50: number; p99: number };
  /** One user found by an email prefix among as many users as there are transfers. */
  search: { p50: number; p99: number };
  /** SQLite's EXPLAIN QUERY PLAN of the list's first page and of a deep page, as the store runs them. */
  queryPlan: { firstPage: string[]; deepPage: string[] };
  /** The first page's query alone, in this process on its own connection (no HTTP, no JSON parse), in ms. */
  queryAlone: { p50: number; p99: number };
}

/**
 * Seeds `count` payments of one tenant, and as many users, straight into a store file (the API would take too long
 * for a million); the users through the store's own insert, which indexes them for search.
 */
function seed(file: string, count: number) {
  const db = openDatabase(file);
  const tenant = createTenant(db);
  const org = db.prepare('SELECT id FROM organizations WHERE client_id = ?').get(tenant.client_id) as {
    id: string;
  };
  const app = tenant.apps[0]?.id as string;
  const user = tenant.users[0]?.id as string;
  const insertTransfer = db.prepare(
    `INSERT INTO transfers (id, org_id, app_id, user_id, status, type, amount, account_id, external_id, platform,
       outcome, created, created_ms, status_changed_ms)
     VALUES (?, ?, ?, ?, 'completed', 'payment', ?, ?, ?, 'ach', 'success', ?, ?, ?)`,
  );
  const insertHistory = db.prepare(
    'INSERT INTO transfer_status_history (transfer_id, transfer_seq, status, at) VALUES (?, ?, ?, ?)',
  );
  const insertTransaction = db.prepare(
    `INSERT INTO transactions (transfer_id, transfer_seq, type, amount, source_name, destination_name, created)
     VALUES (?, ?, 'payment', ?, 'Seeded Payer', 'Seeded App', ?)`,
  );
  const start = Date.parse('2025-01-01T00:00:00Z');
  const ids: string[] = [];
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = randomUUID();
      const ms = start + i * 1000;
      const iso = new Date(ms).toISOString();
      const seq = insertTransfer.run(
        id,
        org.id,
        app,
        user,
        100 + (i % 5000),
        randomUUID(),
        `ach_${i}`,
        iso,
        ms,
        ms,
      ).lastInsertRowid;
      insertHistory.run(id, seq, 'completed', iso);
      insertTransaction.run(id, seq, 100 + (i % 5000), iso);
      if (i % Math.max(1, Math.floor(count / 10)) === 0) ids.push(id);
    }
  });
  for (let from = 0; from < count; from += 50_000) batch(from, Math.min(count, from + 50_000));
  const created = new Date(start).toISOString();
  const people = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      insertUser(db, {
        id: randomUUID(),
        org_id: org.id,
        first_name: 'Grow',
        last_name: `Tester ${i}`,
        email: `grow.tester${i}@example.com`,
        country_code: '1',
        phone_number: String(2_000_000_000 + i),
        status: 'verified',
        created,
      });
    }
  });
  for (let from = 0; from < count; from += 50_000) people(from, Math.min(count, from + 50_000));
  db.close();
  return { tenant, sampleIds: ids };
}

/** EXPLAIN QUERY PLAN of a page of the tenant's transfers (its first, and the one after `afterId`), one line a step. */
function explainPages(file: string, clientId: string, afterId: string): GrowthResult['queryPlan'] {
  const db = openDatabase(file);
  try {
    const orgId = (
      db.prepare('SELECT id FROM organizations WHERE client_id = ?').get(clientId) as { id: string }
    ).id;
    const cursor = findTransfer(db, orgId, afterId);
    const explain = (options: PageOptions) => {
      const { sql, params } = transferPageQuery({ orgId }, options);
      const steps = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as {
        parent: number;
        detail: string;
      }[];
      return steps.map((s) => `${s.parent === 0 ? '' : '  '}${s.detail}`);
    };
    return {
      firstPage: explain({ descending: true, limit: 100 }),
      deepPage: explain({
        descending: true,
        limit: 100,
        after: cursor && { createdMs: cursor.created_ms, seq: cursor.seq },
      }),
    };
  } finally {
    db.close();
  }
}

/** The first page's statement run `runs` times on its own connection to the store: its p50 and p99 in ms. */
function timeQueryAlone(file: string, clientId: string, runs = 300): { p50: number; p99: number } {
  const db = openDatabase(file);
  try {
    const orgId = (
      db.prepare('SELECT id FROM organizations WHERE client_id = ?').get(clientId) as { id: string }
    ).id;
    const times: number[] = [];
    for (let i = 0; i < runs + 20; i++) {
      const started = performance.now();
      pageOfTransferJson(db, { orgId }, { descending: true, limit: 100 });
      if (i >= 20) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 100) / 100;
    return { p50: at(0.5), p99: at(0.99) };
  } finally {
    db.close();
  }
}

interface Store {
  transfers: number;
  seedSeconds: number;
  file: string;
  headers: Record<string, string>;
  server: Server;
  paths: Record<Measure, string>;
  clientId: string;
  middle: string;
}

type Measure = 'firstPage' | 'deepPage' | 'read' | 'search';
const MEASURES: Measure[] = ['firstPage', 'deepPage', 'read', 'search'];

async function latency(store: Store, path: string, seconds: number): Promise<Latency> {
  const result = await hammer(store.server.url, { connections: 10, seconds, headers: store.headers }, [
    { method: 'GET', path },
  ]);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${path} (${store.transfers} transfers): ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  }
  return result;
}

/** The round of median p99, with its p50. */
function medianRound(rounds: readonly Pick<Latency, 'p50' | 'p99'>[]): { p50: number; p99: number } {
  const p99 = median(rounds.map((r) => r.p99));
  const round = rounds.find((r) => r.p99 === p99);
  return { p50: round?.p50 ?? Number.NaN, p99: round?.p99 ?? Number.NaN };
}

/**
 * List, read and search latency with 1k, 100k and 1M transfers (and users) in the store: keyset pages and indexes
 * keep them flat. Every store is seeded and served at once, and each request is timed on each store in turns
 * (`rounds` rounds, the median round), after a first pass of `warmUpSeconds` on each that is not counted: this shared machine's speed drifts
 * over the minutes a run takes, and timing the stores one after another would set that drift beside the sizes.
 */
export async function runGrowth(
  sizes = [1_000, 100_000, 1_000_000],
  seconds = 5,
  rounds = 3,
  warmUpSeconds = 1,
): Promise<GrowthResult[]> {
  const stores: Store[] = [];
  try {
    const seeded = sizes.map((count) => {
      const file = join(scratchDir('bench-growth-'), 'sandbox.db');
      const started = performance.now();
      const { tenant, sampleIds } = seed(file, count);
      const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
      console.log(`growth: ${count} transfers seeded in ${seedSeconds} s`);
      return {
        count,
        file,
        tenant,
        seedSeconds,
        middle: sampleIds[Math.floor(sampleIds.length / 2)] as string,
      };
    });
    // Started together: a server's start is mostly waiting on its modules, which the others can use.
    const servers = await Promise.allSettled(
      seeded.map(({ file }) => startConsoleServer({ SANDBOX_DB: file })),
    );
    for (const [i, started] of servers.entries()) {
      const { count, file, tenant, seedSeconds, middle } = seeded[i] as (typeof seeded)[number];
      if (started.status === 'rejected') continue;
      stores.push({
        transfers: count,
        seedSeconds,
        file,
        headers: authHeaders(tenant),
        server: started.value,
        clientId: tenant.client_id,
        middle,
        paths: {
          firstPage: '/v2/transfers?limit=100',
          deepPage: `/v2/transfers?limit=100&starting_after=${middle}`,
          read: `/v2/transfers/${middle}`,
          search: `/v2/users?search=grow.tester${Math.floor(count / 2)}@`,
        },
      });
    }
    const failed = servers.find((started) => started.status === 'rejected');
    if (failed) throw failed.reason;
    const samples = new Map(stores.map((store) => [store, new Map<Measure, Latency[]>()]));
    const alone = new Map(stores.map((store) => [store, [] as { p50: number; p99: number }[]]));
    for (let round = 0; round < rounds; round++) {
      for (const store of stores) alone.get(store)?.push(timeQueryAlone(store.file, store.clientId));
    }
    for (const measure of MEASURES) {
      if (warmUpSeconds > 0) {
        for (const store of stores) await latency(store, store.paths[measure], warmUpSeconds);
      }
      for (let round = 0; round < rounds; round++) {
        for (const store of stores) {
          const byMeasure = samples.get(store) as Map<Measure, Latency[]>;
          byMeasure.set(measure, [
            ...(byMeasure.get(measure) ?? []),
            await latency(store, store.paths[measure], seconds),
          ]);
        }
      }
    }
    return stores.map((store) => {
      const of = (measure: Measure) => medianRound(samples.get(store)?.get(measure) ?? []);
      return {
        transfers: store.transfers,
        seedSeconds: store.seedSeconds,
        firstPage: of('firstPage'),
        deepPage: of('deepPage'),
        read: of('read'),
        search: of('search'),
        queryPlan: explainPages(store.file, store.clientId, store.middle),
        queryAlone: medianRound(alone.get(store) ?? []),
      };
    });
  } finally {
    for (const store of stores) store.server.child.kill('SIGTERM');
  }
}
