import { afterAll, describe, expect, it } from 'vitest';
import { caller, type MemberCredentials, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';

/**
 * A vendor's bank details change under four eyes, one request per change: deleting the same method again, or adding
 * the same account again, answers the change already waiting, whoever asks.
 */
const AP = '/v2/accounts-payable';

describe.each(BACKENDS)("one waiting change of a vendor's methods, on $name", async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('the same delete or the same new account asked for again answers the change waiting', async () => {
    const tenant = await server.tenant({ approval_limit_cents: 100_000 });
    const as = async (role: MemberCredentials['role']) =>
      caller(
        server.app,
        await server.signIn(tenant.members.find((m) => m.role === role) as MemberCredentials),
      );
    const finance = await as('finance');
    const admin = await as('admin');
    const vendors = (await finance.get(`${AP}/vendors?limit=100`)).body.data as {
      id: string;
      name: string;
    }[];
    const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
    const method = (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body[0] as {
      id: string;
    };
    const pending = async () =>
      ((await admin.get('/api/team/vendor-method-changes')).body.data as { status: string; kind: string }[])
        .filter((c) => c.status === 'pending')
        .map((c) => c.kind);

    const deletes = [];
    for (let i = 0; i < 6; i++) {
      deletes.push(
        await (i % 2 ? admin : finance).delete(`${AP}/vendors/${vendor.id}/payment-methods/${method.id}`),
      );
    }
    expect(deletes.map((d) => d.status)).toEqual(Array(6).fill(202));
    expect(new Set(deletes.map((d) => d.body.request.id)).size).toBe(1);

    const account = {
      name: 'New account',
      ach_account_number: '000111112222',
      ach_routing_number: '021000021',
      ach_account_type: 'savings',
    };
    const adds = [];
    for (let i = 0; i < 4; i++) {
      adds.push(await finance.post(`${AP}/vendors/${vendor.id}/payment-methods`, account));
    }
    expect(adds.map((a) => a.status)).toEqual(Array(4).fill(202));
    expect(new Set(adds.map((a) => a.body.request.id)).size).toBe(1);
    // Asked for four times at once: one change still.
    const atOnce = await Promise.all(
      [1, 2, 3, 4].map(() =>
        finance.post(`${AP}/vendors/${vendor.id}/payment-methods`, {
          ...account,
          ach_account_number: '000111114444',
        }),
      ),
    );
    expect(new Set(atOnce.map((a) => a.body.request.id)).size).toBe(1);
    // Another account is another change.
    const other = await finance.post(`${AP}/vendors/${vendor.id}/payment-methods`, {
      ...account,
      ach_account_number: '000111113333',
    });
    expect(other.body.request.id).not.toBe(adds[0]?.body.request.id);
    expect((await pending()).sort()).toEqual([
      'vendor-method-add',
      'vendor-method-add',
      'vendor-method-add',
      'vendor-method-delete',
    ]);

    // Decided, the same delete may be asked for again.
    const id = deletes[0]?.body.request.id;
    expect(
      (await admin.post(`/api/team/vendor-method-changes/${id}/reject`, { reason: 'Keep it' })).status,
    ).toBe(200);
    const anew = await finance.delete(`${AP}/vendors/${vendor.id}/payment-methods/${method.id}`);
    expect(anew.status).toBe(202);
    expect(anew.body.request.id).not.toBe(id);
  });
});
