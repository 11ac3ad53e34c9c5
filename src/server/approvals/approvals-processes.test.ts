import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../sandbox/app';
import { listen } from '../../sandbox/test/harness';
import { openConsoleDatabase } from '../db/database';
import { registerSealer, Sealer } from '../db/seals';
import { totpCode } from '../identity/totp';
import { ensureOrganization, insertMember } from '../members/members';
import { startConsoleProcess } from '../test/process';
import { tempDir } from '../test/temp-dir';

/** The console server as `npm start` runs it (sandbox mode, file stores). */
const startConsole = (dir: string) =>
  startConsoleProcess({
    SANDBOX_DB: join(dir, 'sandbox.db'),
    CONSOLE_DB: join(dir, 'console.db'),
    STATIC_DIR: dir,
    // A dead server's claim lapses after a second, so that the restart takes the request over at once.
    EXECUTOR_LEASE_MS: '1000',
  });

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
      const answer = await fetch(`${url}/api/team/sessions`, {
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
    const submitted = await fetch(`${first.url}/api/team/approvals`, {
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
    const approved = await fetch(`${first.url}/api/team/approvals/${id}/approve`, {
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
        await fetch(`${second.url}/api/team/approvals/${id}`, { headers: admin })
      ).json()) as { status: string };
      status = request.status;
      if (status !== 'executed') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('executed');
    const key = {
      Authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`,
    };
    // The file's payments only: a test tenant's bills come with transfers of their own (type payable).
    const amounts: number[] = [];
    let after = '';
    for (;;) {
      const page = (await (
        await fetch(
          `${second.url}/v2/transfers?type=payment&limit=100${after ? `&starting_after=${after}` : ''}`,
          {
            headers: key,
          },
        )
      ).json()) as { data: { id: string; amount: number }[]; has_more: boolean };
      amounts.push(...page.data.map((t) => t.amount));
      if (!page.has_more) break;
      after = page.data.at(-1)?.id ?? '';
    }
    expect(amounts.sort((a, b) => a - b)).toEqual(rows.map((r) => r.amount));
  }, 60_000);
});

describe('exactly once on SQLite: two console server processes on one file', () => {
  it('20 approvals at once, half through each, make one transfer', async () => {
    const dir = tempDir('approvals-sqlite-');
    const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
    const upstream = await listen(sandbox.app);
    try {
      const made = (await (await sandbox.app.request('/sandbox/tenants', { method: 'POST' })).json()) as {
        client_id: string;
        api_key: string;
        users: { id: string }[];
      };
      const file = join(dir, 'console.db');
      const setup = await openConsoleDatabase({ file });
      // Written as the servers will seal them, under the key they are started with.
      const AUDIT_KEY = 'the audit key of the two processes, outside the database';
      registerSealer(setup.db, new Sealer(Buffer.from(AUDIT_KEY)));
      const org = await ensureOrganization(setup.db, {
        clientId: made.client_id,
        name: 'O',
        sandboxApiKey: null,
      });
      const totp = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      for (const role of ['finance', 'admin'] as const) {
        await insertMember(setup.db, {
          orgId: org.id,
          email: `${role}@two.example`,
          name: role,
          role,
          password: `${role}-password`,
          totpSecret: totp,
        });
      }
      await setup.close();
      const env = {
        CONSOLE_DB: file,
        AUDIT_KEY,
        PAYOUT_API_URL: upstream.url,
        PAYOUT_CLIENT_ID: made.client_id,
        PAYOUT_API_KEY: made.api_key,
        STATIC_DIR: dir,
      };
      const [a, b] = await Promise.all([startConsoleProcess(env), startConsoleProcess(env)]);
      children.push(a.child, b.child);
      const signIn = async (role: string) => {
        const answer = await fetch(`${a.url}/api/team/sessions`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            email: `${role}@two.example`,
            password: `${role}-password`,
            totp: totpCode(totp),
          }),
        });
        const { member_id, secret } = (await answer.json()) as { member_id: string; secret: string };
        return {
          ...json,
          Authorization: `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}`,
        };
      };
      const maker = await signIn('finance');
      const checker = await signIn('admin');
      await fetch(`${a.url}/api/team/policy`, {
        method: 'PUT',
        headers: checker,
        body: JSON.stringify({ enabled: true, limit_cents: 1000, approvals_needed: 1 }),
      });
      const submitted = await fetch(`${a.url}/api/team/approvals`, {
        method: 'POST',
        headers: maker,
        body: JSON.stringify({
          payment: {
            amount: 77_777,
            platform: 'ach',
            user_id: made.users[0]?.id,
            ach_info: { account_number: '123456789', routing_number: '021000021' },
            idempotency_key: 'two-processes',
          },
        }),
      });
      const { id } = (await submitted.json()) as { id: string };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${(i % 2 ? a : b).url}/api/team/approvals/${id}/approve`, {
            method: 'POST',
            headers: checker,
            body: '{}',
          }),
        ),
      );
      expect(answers.every((r) => r.status < 500)).toBe(true);
      const list = await sandbox.app.request('/v2/transfers?limit=100', {
        headers: {
          Authorization: `Basic ${Buffer.from(`${made.client_id}:${made.api_key}`).toString('base64')}`,
        },
      });
      const paid = ((await list.json()) as { data: { amount: number }[] }).data.filter(
        (t) => t.amount === 77_777,
      );
      expect(paid).toHaveLength(1);
    } finally {
      await upstream.close();
      sandbox.close();
    }
  }, 60_000);
});
