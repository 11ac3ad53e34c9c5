import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { insertIdentity } from '../db/repositories/sso/sso';
import { findOrganizationByClientId } from '../db/repositories/team/organizations';
import { totpCode } from '../identity/totp';
import { findMemberByEmail, insertMember } from '../members/members';
import { basic, caller } from '../test/console';
import { TestBrowser } from '../test/sso/oidc-provider';
import { must, ssoWorld } from '../test/sso/sso-world';
import { achPayment } from '../test/tenants';
import { TEST_TOTP } from '../test/two-consoles';

/**
 * Where paying roles must use a second factor (upstream), the provider's own (its `amr`) counts, or the member's TOTP
 * is asked for when the provider checked none.
 */
describe('the second factor of a member who signs in through the provider', async () => {
  const world = await ssoWorld({ policy: { totpRequiredFor: ['finance', 'admin'] } });
  const { idp, server, tenant, signIn, setTamper } = world;
  const org = must(await findOrganizationByClientId(server.team.database.db, tenant.client_id));
  await insertMember(server.team.database.db, {
    orgId: org.id,
    email: 'paula@acme.example',
    name: 'Paula Pays',
    role: 'finance',
    password: 'a password nobody uses here',
  });
  await insertMember(server.team.database.db, {
    orgId: org.id,
    email: 'tom@acme.example',
    name: 'Tom Totp',
    role: 'finance',
    password: 'a password nobody uses here',
    totpSecret: TEST_TOTP,
  });
  // Paying members are linked to the provider's person by an admin, never by their email at a first sign-in.
  for (const [subject, email] of [
    ['paula', 'paula@acme.example'],
    ['tom', 'tom@acme.example'],
  ] as const) {
    const member = must(await findMemberByEmail(server.team.database.db, email));
    await insertIdentity(server.team.database.db, {
      issuer: idp.issuer,
      subject,
      member_id: member.id,
      org_id: org.id,
      linked_at: new Date().toISOString(),
    });
  }
  idp.directory.set('paula', {
    email: 'paula@acme.example',
    name: 'Paula Pays',
    groups: ['payouts-finance'],
  });
  idp.directory.set('tom', { email: 'tom@acme.example', name: 'Tom Totp', groups: ['payouts-finance'] });
  const withAmr = (amr: string[]) => async (idToken: string) => idp.sign({ ...decodeJwt(idToken), amr });

  it('takes the provider’s second factor for a paying member, who may then pay', async () => {
    setTamper(withAmr(['pwd', 'mfa']));
    const signedIn = await signIn('paula');
    expect(signedIn.status).toBe(201);
    expect(signedIn.session?.must_enroll_totp).toBe(false);
    const member = caller(server.app, basic(must(signedIn.session).member_id, must(signedIn.session).secret));
    const paid = await member.post('/v2/payments', achPayment(tenant.users[0]?.id ?? '', 1_000));
    expect(paid.status).toBe(201);
  });

  it('without the provider’s second factor, leaves only the authenticator’s set-up open', async () => {
    setTamper(withAmr(['pwd']));
    const signedIn = await signIn('paula');
    expect(signedIn.status).toBe(201);
    expect(signedIn.session?.must_enroll_totp).toBe(true);
    const member = caller(server.app, basic(must(signedIn.session).member_id, must(signedIn.session).secret));
    const refused = await member.post('/v2/payments', achPayment(tenant.users[0]?.id ?? '', 1_000));
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('totp-enrollment-required');
  });

  it('asks an enrolled member for their code, and a wrong one spends the sign-in', async () => {
    setTamper(withAmr(['pwd']));
    const asked = await signIn('tom');
    expect(asked.status).toBe(401);
    expect(asked.session?.error_code).toBe('totp-required');
    // The same page answers with the code: the sign-in it started is still there.
    const browser = must(asked.browser);
    const answered = await browser.fetch(`${world.origin}/api/team/sso/handoff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: asked.code, totp: totpCode(TEST_TOTP) }),
    });
    expect(answered.status).toBe(201);
    // A wrong code: refused, and the sign-in is spent (no second guess with the same code).
    const again = await signIn('tom', new TestBrowser());
    const wrong = await must(again.browser).fetch(`${world.origin}/api/team/sso/handoff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: again.code, totp: '000000' }),
    });
    expect(wrong.status).toBe(401);
    const retry = await must(again.browser).fetch(`${world.origin}/api/team/sso/handoff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: again.code, totp: totpCode(TEST_TOTP) }),
    });
    expect(retry.status).toBe(400);
  });
});
