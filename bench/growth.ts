import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createTenant } from '../src/sandbox/domain/tenant-factory';
import { openDatabase } from '../src/sandbox/store/db';
import { insertUser } from '../src/sandbox/store/tenants';
import { authHeaders, hammer, scratchDir, startConsoleServer } from './lib';

export interface GrowthResult {
  transfers: number;
  seedSeconds: number;
  firstPage: { p50: number; p99: number };
  deepPage: { p50: number; p99: number };
  read: { p50: number; p99: number };
  /** One user found by an email prefix among as many users as there are transfers. */
  search: { p50: number; p99: number };
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
    'INSERT INTO transfer_status_history (transfer_id, status, at) VALUES (?, ?, ?)',
  );
  const insertTransaction = db.prepare(
    `INSERT INTO transactions (transfer_id, type, amount, source_name, destination_name, created)
     VALUES (?, 'payment', ?, 'Seeded Payer', 'Seeded App', ?)`,
  );
  const start = Date.parse('2025-01-01T00:00:00Z');
  const ids: string[] = [];
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = randomUUID();
      const ms = start + i * 1000;
      const iso = new Date(ms).toISOString();
      insertTransfer.run(id, org.id, app, user, 100 + (i % 5000), randomUUID(), `ach_${i}`, iso, ms, ms);
      insertHistory.run(id, 'completed', iso);
      insertTransaction.run(id, 100 + (i % 5000), iso);
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

async function latency(url: string, path: string, headers: Record<string, string>) {
  const result = await hammer(url, { connections: 10, seconds: 5, headers }, [{ method: 'GET', path }]);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.p50, p99: result.p99 };
}

/**
 * List, read and search latency with 1k, 100k and 1M transfers (and users) in the store: keyset pages and indexes
 * keep them flat.
 */
export async function runGrowth(sizes = [1_000, 100_000, 1_000_000]): Promise<GrowthResult[]> {
  const results: GrowthResult[] = [];
  for (const count of sizes) {
    const file = join(scratchDir('bench-growth-'), 'sandbox.db');
    const started = performance.now();
    const { tenant, sampleIds } = seed(file, count);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    const { child, url } = await startConsoleServer({ SANDBOX_DB: file });
    try {
      const headers = authHeaders(tenant);
      const middle = sampleIds[Math.floor(sampleIds.length / 2)] as string;
      results.push({
        transfers: count,
        seedSeconds,
        firstPage: await latency(url, '/v2/transfers?limit=100', headers),
        deepPage: await latency(url, `/v2/transfers?limit=100&starting_after=${middle}`, headers),
        read: await latency(url, `/v2/transfers/${middle}`, headers),
        search: await latency(url, `/v2/users?search=grow.tester${Math.floor(count / 2)}@`, headers),
      });
    } finally {
      child.kill('SIGTERM');
    }
  }
  return results;
}
