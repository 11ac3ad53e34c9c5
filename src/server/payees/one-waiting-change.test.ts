import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureOrganization } from '../members/members';
import { basic, caller, type MemberCredentials, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';

/**
 * A payee request is a change a second member can confirm: a body that is not the operation's is refused at its
 * fields with nothing kept, and the same change asked for again is answered with the request already waiting.
 */

type Role = MemberCredentials['role'];

describe.each(BACKENDS)('payee requests that are requests, on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  const db = server.team.database.db;

  async function organization() {
    const tenant = await server.tenant({ approval_limit_cents: 100_000 });
    const org = await ensureOrganization(db, { clientId: tenant.client_id, name: 'O', sandboxApiKey: null });
    const member = (role: Role) => tenant.members.find((m) => m.role === role) as MemberCredentials;
    const as = async (role: Role) => {
      const authorization = await server.signIn(member(role));
      return { ...caller(server.app, authorization), authorization };
    };
    const waiting = async () =>
      (
        await db
          .selectFrom('payee_requests')
          .select('id')
          .where('org_id', '=', org.id)
          .where('status', '=', 'pending')
          .execute()
      ).length;
    return { tenant, org, as, waiting, userId: tenant.users[0]?.id ?? '' };
  }

  it('a payout method body that is not one is refused at its field, and nothing waits', async () => {
    const o = await organization();
    const finance = await o.as('finance');
    const path = `/v2/users/${o.userId}/payout-methods`;
    const named: [unknown, string][] = [
      [{}, 'platform'],
      [{ platform: 'paypal' }, 'email'],
      [{ platform: 'paypal', email: 42 }, 'email'],
      [{ platform: 'ach', account_number: '000123456789' }, 'routing_number'],
      [{ platform: 'venmo' }, 'handle'],
      [{ platform: 'bitcoin', email: 'a@example.com' }, 'platform'],
      [{ platform: 'paypal', email: 'a@example.com', is_default: 'yes' }, 'is_default'],
    ];
    for (const [body, field] of named) {
      const answer = await finance.put(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error_code).toBe('validation-failed');
      expect(
        (answer.body.errors as { path: string }[]).map((e) => e.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    // An own `__proto__` (as JSON.parse makes it), an array, a string, null: none is a method.
    for (const text of [
      '{"__proto__":{"platform":"paypal"},"platform":"paypal","email":"a@example.com"}',
      '[]',
      '"paypal"',
      'null',
    ]) {
      const answer = await server.app.request(path, {
        method: 'PUT',
        headers: { Authorization: finance.authorization, 'Content-Type': 'application/json' },
        body: text,
      });
      expect(answer.status, text).toBe(400);
    }
    const setDefault = await finance.patch(`/v2/users/${o.userId}`, {
      default_payout_method: 'carrier-pigeon',
    });
    expect(setDefault.status).toBe(400);
    expect(await o.waiting()).toBe(0);
  });

  it('no body fast-check makes, valid or not, leaves a request waiting unless it is a payout method', async () => {
    const o = await organization();
    const finance = await o.as('finance');
    const path = `/v2/users/${o.userId}/payout-methods`;
    const field = fc.oneof(
      fc.constant('platform'),
      fc.constant('email'),
      fc.constant('account_number'),
      fc.constant('routing_number'),
      fc.constant('account_type'),
      fc.constant('handle'),
      fc.constant('cash_tag'),
      fc.constant('is_default'),
      fc.constant('__proto__'),
      fc.constant('constructor'),
      fc.string({ maxLength: 12 }),
    );
    const value = fc.oneof(
      fc.constantFrom('paypal', 'ach', 'venmo', 'cash_app', 'checking', '021000021', 'x@example.com'),
      fc.string({ maxLength: 20 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
    );
    const body = fc.oneof(
      fc.dictionary(field, value, { maxKeys: 5 }),
      fc.array(value, { maxLength: 3 }),
      value,
    );
    let invalid = 0;
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const before = await o.waiting();
        const answer = await finance.put(path, sent);
        const after = await o.waiting();
        if (answer.status === 202) {
          // Only a body its schema reads becomes a request; anything else is refused at a field.
          expect(answer.body.request.operation).toBe('add-payout-method');
          return;
        }
        invalid += 1;
        expect(answer.status, JSON.stringify(sent)).toBe(400);
        expect((answer.body.errors as unknown[]).length).toBeGreaterThan(0);
        expect(after, JSON.stringify(sent)).toBe(before);
      }),
      { numRuns: 60, seed: 51 },
    );
    expect(invalid).toBeGreaterThan(40);
  });

  it('the same change asked for again, by anyone, answers the request waiting: one request per change', async () => {
    const o = await organization();
    const finance = await o.as('finance');
    const admin = await o.as('admin');
    const path = `/v2/users/${o.userId}/payout-methods`;
    const paypal = { platform: 'paypal', email: 'rae.payee@example.com' };
    const first = await finance.put(path, paypal);
    expect(first.status, first.text).toBe(202);
    for (let i = 0; i < 5; i++) {
      const again = await (i % 2 ? admin : finance).put(path, { email: paypal.email, platform: 'paypal' });
      expect(again.status).toBe(202);
      expect(again.body.request.id).toBe(first.body.request.id);
    }
    expect(await o.waiting()).toBe(1);
    // Another address is another change; a default's change is its own too, once.
    expect((await finance.put(path, { platform: 'paypal', email: 'rae.other@example.com' })).status).toBe(
      202,
    );
    const def = await finance.patch(`/v2/users/${o.userId}`, { default_payout_method: 'venmo' });
    const defAgain = await finance.patch(`/v2/users/${o.userId}`, { default_payout_method: 'venmo' });
    expect(def.status, def.text).toBe(202);
    expect(defAgain.body.request.id).toBe(def.body.request.id);
    expect(await o.waiting()).toBe(3);
    // Asked for five times at once: one request still.
    const bank = {
      platform: 'ach',
      account_number: '000123456789',
      routing_number: '021000021',
      account_type: 'checking',
    };
    const atOnce = await Promise.all([1, 2, 3, 4, 5].map(() => finance.put(path, bank)));
    expect(atOnce.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(atOnce.map((a) => a.body.request.id)).size).toBe(1);
    expect(await o.waiting()).toBe(4);
    // Once decided, the change may be asked for again.
    const rejected = await admin.post(`/api/team/payee-requests/${first.body.request.id}/reject`, {
      reason: 'Ask the payee',
    });
    expect(rejected.status, rejected.text).toBe(200);
    const anew = await finance.put(path, paypal);
    expect(anew.status).toBe(202);
    expect(anew.body.request.id).not.toBe(first.body.request.id);
  });
  it("an approver tells a look-alike PayPal from the payee's own: both whole, what differs marked", async () => {
    const o = await organization();
    const orgKey = caller(server.app, basic(o.tenant.client_id, o.tenant.api_key));
    // The payee's own PayPal, there before (added with the organization's key, outside the team's rules).
    const own = await orgKey.put(`/v2/users/${o.userId}/payout-methods`, {
      platform: 'paypal',
      email: 'zoe.t@example.com',
    });
    expect(own.status, own.text).toBe(200);
    const finance = await o.as('finance');
    const held = await finance.put(`/v2/users/${o.userId}/payout-methods`, {
      platform: 'paypal',
      email: 'zoe.t.attacker@example.com',
    });
    expect(held.status, held.text).toBe(202);
    const admin = await o.as('admin');
    const listed = (await admin.get('/api/team/payee-requests?status=pending')).body.data as {
      id: string;
      description: string;
      before: string[];
      after: string;
      like: string | null;
      after_parts: { text: string; differs: boolean }[];
    }[];
    const shown = listed.find((r) => r.id === held.body.request.id);
    expect(shown?.before).toContain('PayPal zoe.t@example.com');
    expect(shown?.after).toBe('PayPal zoe.t.attacker@example.com');
    // Its email is the PayPal account, not the payee's own email being changed.
    expect(shown?.description).toMatch(
      /^Add PayPal zoe\.t\.attacker@example\.com as a payout method of [^,]+$/,
    );
    expect(shown?.like).toBe('PayPal zoe.t@example.com');
    expect(shown?.after_parts.filter((p) => p.differs).map((p) => p.text)).toEqual(['.attacker']);
  });
});
