import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { LEDGER_CSV_HEADER, ledgerCsvChunk } from '../src/lib/ledger-csv';
import { createTenant } from '../src/sandbox/domain/tenant-factory';
import { openDatabase } from '../src/sandbox/store/db';
import { authHeaders, scratchDir, startConsoleServer } from './lib';

export interface LedgerResult {
  lines: number;
  seedSeconds: number;
  /** GET /v2/transactions?limit=100, one client, one request at a time (ms). */
  firstPage: Percentiles;
  /** The same, filtered to the app's wallet. */
  walletPage: Percentiles;
  /** The same, filtered to a type and a day. */
  typeDayPage: Percentiles;
  /** The whole CSV of the largest range exported as the Ledger page does it (pages of 100), when measured. */
  csv?: { lines: number; seconds: number; bytes: number };
}

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Seeds `count` lines of one tenant's app wallet (and their transfers) straight into a store file, as the ledger
 * writes them: a transfer each, one line each, a second apart, every fifth a payout.
 */
function seed(file: string, count: number) {
  const db = openDatabase(file);
  const tenant = createTenant(db);
  const org = tenant.organization.id;
  const app = tenant.apps[0]?.id as string;
  const insertTransfer = db.prepare(
    `INSERT INTO transfers (id, org_id, app_id, status, type, amount, outcome, created, created_ms, status_changed_ms)
     VALUES (?, ?, ?, 'completed', ?, ?, 'success', ?, ?, ?)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO transactions (transfer_id, transfer_seq, type, amount, source_name, destination_name, created,
       org_id, wallet_kind, wallet_id, created_ms)
     VALUES (?, ?, ?, ?, 'Seeded Payer', 'Seeded App', ?, ?, 'app', ?, ?)`,
  );
  const start = Date.parse('2025-01-01T00:00:00Z');
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = randomUUID();
      const ms = start + i * 1000;
      const iso = new Date(ms).toISOString();
      const type = i % 5 === 0 ? 'payout' : 'payment';
      const amount = (type === 'payout' ? -1 : 1) * (100 + (i % 5000));
      const seq = insertTransfer.run(id, org, app, type, Math.abs(amount), iso, ms, ms).lastInsertRowid;
      insertLine.run(id, seq, type, amount, iso, org, app, ms);
    }
  });
  for (let from = 0; from < count; from += 50_000) batch(from, Math.min(count, from + 50_000));
  db.close();
  return { tenant, app, lastDay: new Date(start + (count - 1) * 1000).toISOString().slice(0, 10) };
}

async function timed(
  url: string,
  path: string,
  headers: Record<string, string>,
  runs = 300,
): Promise<Percentiles> {
  const times: number[] = [];
  for (let i = 0; i < runs + 20; i++) {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, { headers });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
    if (i >= 20) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** The Ledger page's export, in Node: pages of 100 read one after another, each written as CSV as it comes. */
async function exportCsv(url: string, headers: Record<string, string>, walletId: string, max: number) {
  const started = performance.now();
  const parts: string[] = [LEDGER_CSV_HEADER];
  let lines = 0;
  let after = '';
  while (lines < max) {
    const response = await fetch(
      `${url}/v2/transactions?limit=100&wallet_id=${walletId}${after ? `&starting_after=${after}` : ''}`,
      { headers },
    );
    const page = (await response.json()) as { data: { id: number; amount: number }[]; has_more: boolean };
    parts.push(ledgerCsvChunk(page.data).text);
    lines += page.data.length;
    const last = page.data.at(-1);
    if (!page.has_more || !last) break;
    after = String(last.id);
  }
  const bytes = new Blob(parts).size;
  return { lines, seconds: Math.round((performance.now() - started) / 100) / 10, bytes };
}

/** The ledger's first page at each size (flat: keyset pages on an index that serves the filter and the order). */
export async function runLedger(
  sizes = [1_000, 100_000, 1_000_000],
  csvLines = 100_000,
  runs = 300,
): Promise<LedgerResult[]> {
  const results: LedgerResult[] = [];
  for (const count of sizes) {
    const file = join(scratchDir('bench-ledger-'), 'sandbox.db');
    const started = performance.now();
    const { tenant, app, lastDay } = seed(file, count);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    const { child, url } = await startConsoleServer({ SANDBOX_DB: file });
    try {
      const headers = authHeaders(tenant);
      const result: LedgerResult = {
        lines: count,
        seedSeconds,
        firstPage: await timed(url, '/v2/transactions?limit=100', headers, runs),
        walletPage: await timed(url, `/v2/transactions?limit=100&wallet_id=${app}`, headers, runs),
        typeDayPage: await timed(
          url,
          `/v2/transactions?limit=100&type=payout&start_date=${lastDay}&end_date=${lastDay}`,
          headers,
          runs,
        ),
      };
      if (count >= csvLines) result.csv = await exportCsv(url, headers, app, csvLines);
      results.push(result);
      console.log('ledger:', JSON.stringify(result));
    } finally {
      child.kill('SIGTERM');
    }
  }
  return results;
}

if (process.argv[1]?.endsWith('ledger.ts')) {
  const sizes = (process.env.BENCH_LEDGER_SIZES ?? '1000,100000,1000000').split(',').map(Number);
  await runLedger(sizes);
}
