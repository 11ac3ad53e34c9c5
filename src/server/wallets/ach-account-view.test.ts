import { afterAll, describe, expect, it } from 'vitest';
import { teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { tenantOf } from '../test/tenants';

/**
 * An app's bank account changed through a second member: the request shows the account it replaces and the new one,
 * masked, to the approver and to every reader after it was applied (when its body is kept masked).
 */

const ACCOUNT = { account_number: '123456789', routing_number: '021000021', account_type: 'checking' };

describe.each(BACKENDS)("an app's bank account request on $name", async (backend) => {
  const server = await teamConsole({ database: await backend.open() });
  afterAll(() => server.close());
  const { tenant, as } = await tenantOf(server, { approval_limit_cents: 100_000 });
  const finance = await as('finance');
  const admin = await as('admin');
  const app = tenant.apps[0]?.id ?? '';
  const ended = async (id: string) => {
    for (;;) {
      const read = await admin.get(`/api/team/approvals/${id}`);
      if (!['approved', 'executing'].includes(read.body.status)) return read.body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const change = async (body: typeof ACCOUNT) => {
    const submitted = await finance.post('/api/team/approvals', { move: 'ach-account', body, app_id: app });
    expect(submitted.status).toBe(201);
    await admin.post(`/api/team/approvals/${submitted.body.id}/approve`, {});
    return submitted.body.id as string;
  };

  it('keeps the old and the new account, masked, once the request is applied', async () => {
    const first = await change(ACCOUNT);
    const applied = await ended(first);
    expect(applied.status).toBe('executed');
    expect(applied.body).toMatchObject({ replaces: null, moves: [{ account_number_last4: '6789' }] });

    const second = await change({ ...ACCOUNT, account_number: '55554444' });
    for (const read of [await ended(second), (await finance.get(`/api/team/approvals/${second}`)).body]) {
      expect(read.status).toBe('executed');
      expect(read.body.replaces).toEqual({ mask: '6789', name: 'Checking •••• 6789' });
      expect(read.body.moves).toEqual([expect.objectContaining({ account_number_last4: '4444' })]);
    }
    // The list reads them the same way, and no answer carries a whole number.
    const list = await finance.get('/api/team/approvals');
    expect(list.text).not.toContain('55554444');
    const listed = (list.body.data as { id: string; body: { moves: unknown[] } }[]).find(
      (r) => r.id === second,
    );
    expect(listed?.body.moves).toEqual([expect.objectContaining({ account_number_last4: '4444' })]);
  });
});
