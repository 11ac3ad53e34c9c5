import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureOrganization, insertMember } from '../members/members';
import { caller, teamConsole } from '../test/console';

/**
 * Upstream, the service does not say an app's refill settings (GET /v2/apps/{id}/settings is the sandbox's): a policy
 * that narrows pauses every app's refill, since one may be running above the new limit; one that widens pauses none.
 */
describe('auto-refills upstream when the approval limit changes', async () => {
  const ORG = { clientId: 'org-client-refills', apiKey: 'sk_live_refills_key' };
  const arrived: { method: string; url: string; body: string }[] = [];
  const stub = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      arrived.push({ method: req.method ?? '', url: req.url ?? '', body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'GET' && req.url?.startsWith('/v2/apps?')) {
        return json(200, [{ id: '0b7e2a52-3f4c-4c55-9a1e-5a3a9f7c1d01', name: 'Marketplace' }]);
      }
      if (req.method === 'POST' && req.url?.endsWith('/change_settings')) return json(200, { success: true });
      return json(404, { success: false, error_code: 'not-found', message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const upstream = new URL(`http://127.0.0.1:${(stub.address() as AddressInfo).port}`);
  const server = await teamConsole({ upstream, orgCredentials: ORG, policy: { totpRequiredFor: [] } });
  const db = server.team.database.db;
  const org = await ensureOrganization(db, { clientId: ORG.clientId, name: 'Org', sandboxApiKey: null });
  const admin = { email: 'ada@org.example', password: 'admin-password-long' };
  await insertMember(db, { orgId: org.id, name: 'Ada', role: 'admin', ...admin });
  await insertMember(db, {
    orgId: org.id,
    name: 'Fiona',
    role: 'finance',
    email: 'fiona@org.example',
    password: 'finance-password-long',
  });
  const ada = caller(server.app, await server.signIn(admin));
  afterAll(async () => {
    await server.close();
    stub.close();
  });
  const switches = () => arrived.filter((r) => r.url.endsWith('/change_settings'));
  const policy = (enabled: boolean, limit: number) =>
    ada.put('/api/team/policy', { enabled, limit_cents: limit, approvals_needed: 1 });

  it('switching approvals on pauses each app whose settings the service does not say; raising the limit pauses none', async () => {
    const on = await policy(true, 100_000);
    expect(on.status, on.text).toBe(200);
    // Switched off before the policy holds, and once more after (a refill turned on between them was judged by the
    // limit before): noted once.
    const off = {
      method: 'POST',
      url: '/v2/apps/0b7e2a52-3f4c-4c55-9a1e-5a3a9f7c1d01/change_settings',
      body: JSON.stringify({ auto_refill_active: false }),
    };
    expect(switches()).toEqual([off, off]);
    expect(on.body.refills_paused).toEqual([
      { app_id: '0b7e2a52-3f4c-4c55-9a1e-5a3a9f7c1d01', app_name: 'Marketplace', amount_cents: null },
    ]);
    const pauses = await ada.get('/api/team/refill-pauses');
    expect(pauses.body.data).toEqual([expect.objectContaining({ amount_cents: null, limit_cents: 100_000 })]);
    expect((await policy(true, 200_000)).status).toBe(200);
    expect(switches()).toHaveLength(2);
  });
});
