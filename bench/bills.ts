import { invoicePdf } from '../src/sandbox/domain/ap-tenant-data';
import { authHeaders, makeTenant, type Server, startConsoleServer, type Tenant } from './lib';

/**
 * What paying bills costs through the console server (the team's gate, its rules and audit line, the sandbox):
 * - the Bills list's first page (the "Approved, ready to pay" tab and all bills) with 10,000 bills in the organization,
 *   read by a finance member, p95;
 * - a one-page invoice PDF (made by pdf-lib, as a vendor sends it) uploaded by a finance member and made a draft;
 * - 100 approved bills paid as one run: the route and the concurrency the browser's run uses (POST .../pay, eight at
 *   a time, each with its key from the bill and its attempt), from the first request to the last answer.
 * Figures, not assertions (bench/REPORT.md).
 */

export interface BillsResult {
  bills: number;
  seedSeconds: number;
  listFirstPage: { all: { p50: number; p95: number }; approved: { p50: number; p95: number }; runs: number };
  upload: { p50: number; p95: number; runs: number };
  payRun: { bills: number; seconds: number; paid: number; refused: number };
}

const AP = '/v2/accounts-payable';
const CONCURRENCY = 8;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.ceil(q * sorted.length) - 1] ?? 0) * 10) / 10;
};
const summary = (values: number[]) => ({ p50: quantile(values, 0.5), p95: quantile(values, 0.95) });

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const index = next++;
        if (index >= items.length) return;
        await work(items[index] as T, index);
      }
    }),
  );
}

async function memberHeaders(url: string, tenant: Tenant, role: 'finance' | 'admin') {
  const member = tenant.members.find((m) => m.role === role);
  if (!member) throw new Error(`the tenant has no ${role} member`);
  const session = await fetch(`${url}/api/team/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  const { member_id, secret } = (await session.json()) as { member_id: string; secret: string };
  return { Authorization: `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}` };
}

async function json<T>(response: Response, expected: number, what: string): Promise<T> {
  if (response.status !== expected)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function runBills(
  url: string,
  count = 10_000,
  listRuns = 100,
  uploadRuns = 20,
  payRun = 100,
): Promise<BillsResult> {
  const tenant = await makeTenant(url);
  const org = authHeaders(tenant);
  const finance = { ...(await memberHeaders(url, tenant, 'finance')), 'Content-Type': 'application/json' };
  const approvers = await json<{ id: number; email: string }[]>(
    await fetch(`${url}${AP}/approvers`, { headers: org }),
    200,
    'GET approvers',
  );
  const financeEmail = tenant.members.find((m) => m.role === 'finance')?.email;
  const actingUser = approvers.find((a) => a.email === financeEmail)?.id;
  const vendors = await json<{ data: { id: string; name: string }[] }>(
    await fetch(`${url}${AP}/vendors?limit=100`, { headers: org }),
    200,
    'GET vendors',
  );
  const vendor = vendors.data.find((v) => v.name === 'Northwind Hosting');
  if (!vendor || !actingUser) throw new Error('the tenant has no Northwind Hosting or no finance AP user');
  const methods = await json<{ id: string }[]>(
    await fetch(`${url}${AP}/vendors/${vendor.id}/payment-methods`, { headers: org }),
    200,
    'GET methods',
  );
  const bill = (number: string, amount: number) =>
    JSON.stringify({
      acting_user_id: actingUser,
      number,
      ap_vendor_id: vendor.id,
      ap_payment_method_id: methods[0]?.id,
      amount,
      funding_source: 'ach',
    });

  // 10,000 bills (with the organization's key: the seed is not what is measured), a tenth of them approved.
  const seeded = performance.now();
  await pool(
    Array.from({ length: count }, (_, i) => i),
    CONCURRENCY,
    async (i) => {
      const made = await json<{ id: string }>(
        await fetch(`${url}${AP}/payables`, {
          method: 'POST',
          headers: org,
          body: bill(`SEED-${i}`, 100 + (i % 900)),
        }),
        201,
        'POST payables',
      );
      if (i % 10 === 0) {
        await fetch(`${url}${AP}/payables/${made.id}/submit-for-approval`, {
          method: 'POST',
          headers: org,
          body: JSON.stringify({ acting_user_id: actingUser }),
        });
      }
    },
  );
  const seedSeconds = Math.round((performance.now() - seeded) / 100) / 10;

  // The Bills list's first page, as the browser asks for it.
  const all: number[] = [];
  const approved: number[] = [];
  for (let i = 0; i < listRuns; i++) {
    for (const [query, times] of [
      ['limit=25', all],
      ['status=approved%2Cpayment_failed&limit=25', approved],
    ] as const) {
      const started = performance.now();
      const page = await json<{ data: unknown[] }>(
        await fetch(`${url}${AP}/payables?${query}`, { headers: finance }),
        200,
        'GET payables',
      );
      times.push(performance.now() - started);
      if (page.data.length !== 25) throw new Error(`the first page had ${page.data.length} bills`);
    }
  }

  // A one-page invoice PDF made a draft.
  const pdf = await invoicePdf({
    vendor: 'Northwind Hosting',
    number: 'NH-BENCH',
    items: [{ name: 'Servers', quantity: 2, unit_price: 21_000 }],
  });
  const uploads: number[] = [];
  for (let i = 0; i < uploadRuns; i++) {
    const form = new FormData();
    form.set('acting_user_id', '0');
    form.set('file', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), `invoice-${i}.pdf`);
    const started = performance.now();
    const draft = await json<{ number: string; amount: number }>(
      await fetch(`${url}${AP}/payables/upload-from-file`, {
        method: 'POST',
        headers: { Authorization: finance.Authorization },
        body: form,
      }),
      200,
      'POST upload-from-file',
    );
    uploads.push(performance.now() - started);
    if (draft.amount !== 42_000) throw new Error(`the draft read ${draft.amount} cents`);
  }

  // 100 approved bills paid as one run, through the route the browser's run uses.
  const toPay: string[] = [];
  for (let i = 0; i < payRun; i++) {
    const made = await json<{ id: string }>(
      await fetch(`${url}${AP}/payables`, {
        method: 'POST',
        headers: finance,
        body: bill(`RUN-${i}`, 100 + i),
      }),
      201,
      'POST payables',
    );
    await json(
      await fetch(`${url}${AP}/payables/${made.id}/submit-for-approval`, {
        method: 'POST',
        headers: finance,
        body: '{}',
      }),
      200,
      'submit',
    );
    toPay.push(made.id);
  }
  let paid = 0;
  let refused = 0;
  const started = performance.now();
  await pool(toPay, CONCURRENCY, async (id) => {
    const answer = await fetch(`${url}${AP}/payables/${id}/pay`, {
      method: 'POST',
      headers: finance,
      body: JSON.stringify({ acting_user_id: 0, idempotency_key: `bill-${id}-attempt-1` }),
    });
    await answer.arrayBuffer();
    if (answer.status === 200) paid++;
    else refused++;
  });
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  return {
    bills: count,
    seedSeconds,
    listFirstPage: { all: summary(all), approved: summary(approved), runs: listRuns },
    upload: { ...summary(uploads), runs: uploadRuns },
    payRun: { bills: toPay.length, seconds, paid, refused },
  };
}

if (process.argv[1]?.endsWith('bills.ts')) {
  let server: Server | undefined;
  try {
    server = await startConsoleServer();
    const result = await runBills(server.url, Number(process.env.BENCH_BILLS ?? 10_000));
    console.log('bills:', JSON.stringify(result));
  } finally {
    server?.child.kill('SIGTERM');
  }
}
