import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../sandbox/app';
import { listen } from '../../../sandbox/test/harness';
import { createConsoleApp, serviceCaller } from '../../app';
import { openConsoleDatabase } from '../../db/database';
import { totpCode } from '../../identity/totp';
import { DEMO_MEMBERS } from '../../members/demo';
import { ensureOrganization, insertMember } from '../../members/members';
import { startTeam } from '../../start';
import { config } from '../../test/config';
import { basic, caller, teamConsole } from '../../test/console';
import { BACKENDS } from '../../test/databases';
import { resumeOrphans } from './executor';

/** Several console servers on one PostgreSQL: each start, each executor, and the team they share. */

const postgres = BACKENDS.find((b) => b.name === 'postgres');
const AUDIT_KEY = 'the audit key these servers share, as AUDIT_KEY';
const LEASE_MS = 1_200;

describe.skipIf(!postgres)('two console servers on one PostgreSQL', () => {
  it('one starting while the other pays a 200-row approved file takes nothing over: one line and one transfer per row', async () => {
    const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
    const upstream = await listen(sandbox.app);
    const made = (await (await sandbox.app.request('/sandbox/tenants', { method: 'POST' })).json()) as {
      client_id: string;
      api_key: string;
      users: { id: string }[];
    };
    const shared = await postgres?.open();
    if (!shared?.url) throw new Error('no PostgreSQL');
    const orgCredentials = { clientId: made.client_id, apiKey: made.api_key };
    // A short lease, renewed as the file is paid: the run takes longer than the lease, so only renewal keeps it. Not
    // shorter: on a machine busy with other test files a renewal came late once in a few runs, and the other server
    // rightly took the request over (every row still paid once, but not what this test is about).
    const a = await teamConsole({
      upstream: new URL(upstream.url),
      orgCredentials,
      database: shared,
      leaseMs: LEASE_MS,
    });
    let b: Awaited<ReturnType<typeof teamConsole>> | undefined;
    try {
      const db = shared.db;
      const org = await ensureOrganization(db, { clientId: made.client_id, name: 'O', sandboxApiKey: null });
      const totp = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      for (const role of ['finance', 'admin'] as const) {
        await insertMember(db, {
          orgId: org.id,
          email: `${role}@file.example`,
          name: role,
          role,
          password: `${role}-password`,
          totpSecret: totp,
        });
      }
      const signIn = async (role: string) =>
        caller(
          a.app,
          await a.signIn({
            email: `${role}@file.example`,
            password: `${role}-password`,
            totp: totpCode(totp),
          }),
        );
      const admin = await signIn('admin');
      await admin.put('/api/team/policy', { enabled: true, limit_cents: 1000, approvals_needed: 1 });
      const rows = Array.from({ length: 200 }, (_, i) => ({
        amount: 2000 + i,
        platform: 'ach',
        user_id: made.users[i % made.users.length]?.id,
        ach_info: { account_number: '123456789', routing_number: '021000021' },
        idempotency_key: `two-servers-row-${i}`,
      }));
      const submitted = await (await signIn('finance')).post('/api/team/approvals', {
        rows,
        file_sha256: 'e'.repeat(64),
      });
      expect(submitted.status).toBe(201);
      // 200 rows at 60 ms each, 8 at a time: the run (1.5 s and more) outlasts the lease.
      await sandbox.app.request('/sandbox/faults', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          client_id: made.client_id,
          method: 'POST',
          path_prefix: '/v2/payments',
          delay_ms: 60,
          times: 1000,
        }),
      });
      expect((await admin.post(`/api/team/approvals/${submitted.body.id}/approve`)).status).toBe(200);
      const status = async () =>
        (
          await db
            .selectFrom('approval_requests')
            .select('status')
            .where('id', '=', submitted.body.id)
            .executeTakeFirstOrThrow()
        ).status;
      expect(await status()).toBe('executing');
      // The second server starts (and sweeps, as it does every lease) while the first pays.
      b = await teamConsole({
        upstream: new URL(upstream.url),
        orgCredentials,
        database: await openConsoleDatabase({ url: shared.url }),
        leaseMs: LEASE_MS,
      });
      const callB = serviceCaller(config({ upstreamUrl: new URL(upstream.url) }), null);
      if (!callB) throw new Error('no caller');
      const takenOver: number[] = [];
      while ((await status()) === 'executing') {
        takenOver.push(await resumeOrphans(b.team, callB));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(takenOver.length).toBeGreaterThan(5);
      expect(takenOver.every((n) => n === 0)).toBe(true);
      expect(await status()).toBe('executed');
      const lines = await db
        .selectFrom('audit_events')
        .select('request_id')
        .where('action', '=', 'approval.row')
        .execute();
      expect(lines).toHaveLength(200);
      expect(new Set(lines.map((l) => l.request_id)).size).toBe(200);
      const amounts: number[] = [];
      let after = '';
      for (;;) {
        const page = (await (
          await sandbox.app.request(`/v2/transfers?limit=100${after ? `&starting_after=${after}` : ''}`, {
            headers: { Authorization: basic(made.client_id, made.api_key) },
          })
        ).json()) as { data: { id: string; amount: number }[]; has_more: boolean };
        amounts.push(...page.data.map((t) => t.amount));
        if (!page.has_more) break;
        after = page.data.at(-1)?.id ?? '';
      }
      expect(amounts.sort((x, y) => x - y)).toEqual(rows.map((r) => r.amount));
    } finally {
      await a.close();
      await b?.team.database.close();
      await b?.close();
      await shared.close();
      await upstream.close();
      sandbox.close();
    }
  }, 30_000);

  it('started at the same moment on an empty database, ten times: both serve, with one demo team', async () => {
    for (let round = 0; round < 10; round++) {
      const empty = await postgres?.open();
      if (!empty?.url) throw new Error('no PostgreSQL');
      await empty.close();
      const settings = config({ consoleDb: { url: empty.url, file: ':memory:' } });
      const env = { AUDIT_KEY };
      const started = await Promise.all([startTeam(settings, env), startTeam(settings, env)]);
      try {
        for (const { team } of started) {
          const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
          const app = createConsoleApp(settings, sandbox, team);
          const finance = DEMO_MEMBERS.find((m) => m.role === 'finance');
          const signedIn = await app.request('/api/team/sessions', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: finance?.email, password: finance?.password }),
          });
          expect(signedIn.status).toBe(201);
          sandbox.close();
        }
        const members = await started[0].team.database.db.selectFrom('members').select('email').execute();
        expect(members.map((m) => m.email).sort()).toEqual(DEMO_MEMBERS.map((m) => m.email).sort());
        const policies = await started[0].team.database.db
          .selectFrom('approval_policies')
          .select('version')
          .execute();
        expect(policies).toHaveLength(1);
      } finally {
        for (const { team } of started) await team.database.close();
      }
    }
  }, 60_000);

  it('started at the same moment upstream with no member: one link names the first admin', async () => {
    for (let round = 0; round < 3; round++) {
      const empty = await postgres?.open();
      if (!empty?.url) throw new Error('no PostgreSQL');
      await empty.close();
      const settings = config({
        consoleDb: { url: empty.url, file: ':memory:' },
        upstreamUrl: new URL('http://127.0.0.1:9/api'),
        orgCredentials: { clientId: 'org-race', apiKey: 'sk_race' },
      });
      const started = await Promise.all([
        startTeam(settings, { AUDIT_KEY }),
        startTeam(settings, { AUDIT_KEY }),
      ]);
      try {
        const links = started.map((s) => s.firstAdmin).filter((f) => f && 'path' in f);
        expect(links).toHaveLength(1);
        const live = await started[0].team.database.db
          .selectFrom('invitations')
          .select('token_hash')
          .where('purpose', '=', 'first-admin')
          .where('used_at', 'is', null)
          .execute();
        expect(live).toHaveLength(1);
      } finally {
        for (const { team } of started) await team.database.close();
      }
    }
  });
});
