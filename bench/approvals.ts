import { makeTenant, type Tenant } from './lib';

export interface ApprovalsResult {
  /** The last approval sent → its answer, the transfer made (the request's page shows it with that answer). */
  approveToTransfer: { runs: number; median: number; p95: number };
  /** A 1,000-row approved file: the approval → every row paid, in seconds. */
  file: { rows: number; seconds: number; status: string };
}

async function memberHeaders(url: string, tenant: Tenant, role: string): Promise<Record<string, string>> {
  const member = tenant.members.find((m) => m.role === role);
  const answer = await fetch(`${url}/api/team/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: member?.email, password: member?.password }),
  });
  const { member_id, secret } = (await answer.json()) as { member_id: string; secret: string };
  return {
    'Content-Type': 'application/json',
    Authorization: `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}`,
  };
}

/** Approvals as an operator meets them: from the last approval to the transfer, and a whole approved file. */
export async function runApprovals(url: string, runs: number, fileRows = 1000): Promise<ApprovalsResult> {
  const tenant = await makeTenant(url, { users: 50, approval_limit_cents: 0 });
  const maker = await memberHeaders(url, tenant, 'finance');
  const checker = await memberHeaders(url, tenant, 'admin');
  const body = (i: number, prefix: string) => ({
    amount: 10_000 + i,
    platform: 'ach',
    user_id: tenant.users[i % tenant.users.length]?.id,
    ach_info: { account_number: '123456789', routing_number: '021000021' },
    idempotency_key: `${prefix}-${i}`,
  });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const submitted = await fetch(`${url}/api/team/approvals`, {
      method: 'POST',
      headers: maker,
      body: JSON.stringify({ payment: body(i, 'one') }),
    });
    const { id } = (await submitted.json()) as { id: string };
    const started = performance.now();
    const approved = await fetch(`${url}/api/team/approvals/${id}/approve`, {
      method: 'POST',
      headers: checker,
      body: '{}',
    });
    const result = (await approved.json()) as { status: string };
    times.push(performance.now() - started);
    if (result.status !== 'executed') throw new Error(`request ${id} is ${result.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round((times[Math.ceil(q * times.length) - 1] ?? 0) * 10) / 10;

  const rows = Array.from({ length: fileRows }, (_, i) => body(i, 'file'));
  const submitted = await fetch(`${url}/api/team/approvals`, {
    method: 'POST',
    headers: maker,
    body: JSON.stringify({ rows, file_sha256: 'c'.repeat(64) }),
  });
  if (submitted.status !== 201) throw new Error(`the file's request answered ${submitted.status}`);
  const { id } = (await submitted.json()) as { id: string };
  const started = performance.now();
  await fetch(`${url}/api/team/approvals/${id}/approve`, { method: 'POST', headers: checker, body: '{}' });
  let status = 'approved';
  while (['approved', 'executing'].includes(status) && performance.now() - started < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (
      (await (await fetch(`${url}/api/team/approvals/${id}`, { headers: checker })).json()) as {
        status: string;
      }
    ).status;
  }
  return {
    approveToTransfer: { runs, median: at(0.5), p95: at(0.95) },
    file: { rows: rows.length, seconds: Math.round((performance.now() - started) / 100) / 10, status },
  };
}
