import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir';
import { openConsoleDatabase } from './database';

/** The console server as `npm start` runs it (sandbox mode, file stores); resolves with its URL. */
function startConsole(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      SANDBOX_DB: join(dir, 'sandbox.db'),
      CONSOLE_DB: join(dir, 'console.db'),
      DATABASE_URL: '',
      SANDBOX_SETTLE_MS: '0',
      STATIC_DIR: dir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`console server exited early (${code})`)));
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const json = { 'Content-Type': 'application/json' };

describe('an approved file and a crash', () => {
  it('a server killed while it pays a 200-row approved file finishes it on restart: one transfer per row', async () => {
    const dir = tempDir('approvals-crash-');
    const first = await startConsole(dir);
    children.push(first.child);
    const tenant = (await (
      await fetch(`${first.url}/sandbox/tenants`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ approval_limit_cents: 1000 }),
      })
    ).json()) as {
      client_id: string;
      api_key: string;
      users: { id: string }[];
      members: { role: string; email: string; password: string }[];
    };
    const signIn = async (url: string, role: string) => {
      const member = tenant.members.find((m) => m.role === role);
      const answer = await fetch(`${url}/team/sessions`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: member?.email, password: member?.password }),
      });
      const { member_id, secret } = (await answer.json()) as { member_id: string; secret: string };
      return { ...json, Authorization: `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}` };
    };
    const rows = Array.from({ length: 200 }, (_, i) => ({
      amount: 1000 + i,
      platform: 'ach',
      user_id: tenant.users[i % tenant.users.length]?.id,
      ach_info: { account_number: '123456789', routing_number: '021000021' },
      idempotency_key: `crash-row-${i}`,
    }));
    const submitted = await fetch(`${first.url}/team/approvals`, {
      method: 'POST',
      headers: await signIn(first.url, 'finance'),
      body: JSON.stringify({ rows, file_sha256: 'b'.repeat(64) }),
    });
    const { id } = (await submitted.json()) as { id: string };
    // Each payment takes 40 ms: 200 rows, 8 at a time, take about a second, and the kill lands in the middle.
    await fetch(`${first.url}/sandbox/faults`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        client_id: tenant.client_id,
        method: 'POST',
        path_prefix: '/v2/payments',
        delay_ms: 40,
        times: 1000,
      }),
    });
    const approved = await fetch(`${first.url}/team/approvals/${id}/approve`, {
      method: 'POST',
      headers: await signIn(first.url, 'admin'),
      body: '{}',
    });
    expect(approved.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    // The kill landed mid-way: the request is still executing in the database the next start reads.
    const left = await openConsoleDatabase({ file: join(dir, 'console.db') });
    const row = await left.db
      .selectFrom('approval_requests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    await left.close();
    expect(row?.status).toBe('executing');

    const second = await startConsole(dir);
    children.push(second.child);
    const admin = await signIn(second.url, 'admin');
    let status = '';
    for (let i = 0; i < 100 && status !== 'executed'; i++) {
      const request = (await (
        await fetch(`${second.url}/team/approvals/${id}`, { headers: admin })
      ).json()) as { status: string };
      status = request.status;
      if (status !== 'executed') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('executed');
    const key = {
      Authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`,
    };
    const amounts: number[] = [];
    let after = '';
    for (;;) {
      const page = (await (
        await fetch(`${second.url}/v2/transfers?limit=100${after ? `&starting_after=${after}` : ''}`, {
          headers: key,
        })
      ).json()) as { data: { id: string; amount: number }[]; has_more: boolean };
      amounts.push(...page.data.map((t) => t.amount));
      if (!page.has_more) break;
      after = page.data.at(-1)?.id ?? '';
    }
    expect(amounts.sort((a, b) => a - b)).toEqual(rows.map((r) => r.amount));
  }, 60_000);
});
