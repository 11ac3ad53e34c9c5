import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { basic, caller } from '../test/console';
import { TestBrowser } from '../test/sso/oidc-provider';
import { must, ssoWorld } from '../test/sso/sso-world';
import { recheckSessions } from './sessions';

describe('signing in through the company’s identity provider', async () => {
  const { origin, idp, server, tenant, admin, trail, signIn, sessionAlive, setTamper } = await ssoWorld();
  it('offers "Sign in with Acme SSO" on the sign-in page', async () => {
    const config = (await (await server.app.request('/config.json')).json()) as { sso?: { name: string } };
    expect(config.sso).toEqual({ name: 'Acme SSO' });
  });

  it('lets a viewer in at once, at the role their group gives, through the provider’s own pages', async () => {
    const signedIn = await signIn('victor');
    expect(signedIn.status).toBe(201);
    expect(signedIn.session?.member.role).toBe('viewer');
    expect(await sessionAlive(must(signedIn.session))).toBe(true);
    const lines = await trail('sign-in');
    expect(lines.some((l) => l.email === 'victor@acme.example' && l.detail === 'through Acme SSO')).toBe(
      true,
    );
  });

  it('makes a first-time finance member wait for an admin before they may pay', async () => {
    const signedIn = await signIn('fiona');
    expect(signedIn.status).toBe(201);
    // In, but not paying: the directory asked, an admin confirms.
    expect(signedIn.session?.member.role).toBe('support');
    const pay = caller(server.app, basic(must(signedIn.session).member_id, must(signedIn.session).secret));
    const refused = await pay.post('/v2/payments', {
      amount: 100,
      platform: 'ach',
      user_id: tenant.users[0]?.id,
      ach_info: { account_number: '99887766554', routing_number: '021000021' },
      idempotency_key: crypto.randomUUID(),
    });
    expect(refused.status).toBe(403);
    const requests = await admin.get('/api/team/team-requests');
    const waiting = requests.body.data.find(
      (r: { target?: { email?: string }; status: string }) =>
        r.status === 'pending' && JSON.stringify(r).includes('fiona@acme.example'),
    );
    expect(waiting).toBeDefined();
    // A second sign-in asks nothing new: one request per member and role.
    await signIn('fiona');
    const again = await admin.get('/api/team/team-requests');
    const pendingForFiona = again.body.data.filter(
      (r: { status: string }) => r.status === 'pending' && JSON.stringify(r).includes('fiona@acme.example'),
    );
    expect(pendingForFiona).toHaveLength(1);
    const confirmed = await admin.post(`/api/team/team-requests/${waiting.id}/confirm`, {});
    expect(confirmed.status).toBeLessThan(300);
    const after = await signIn('fiona');
    expect(after.session?.member.role).toBe('finance');
  });

  it('ends the session of a person removed from every mapped group at the next check', async () => {
    idp.directory.set('rita', {
      email: 'rita@acme.example',
      name: 'Rita Reader',
      groups: ['payouts-viewers'],
    });
    const signedIn = await signIn('rita');
    expect(await sessionAlive(must(signedIn.session))).toBe(true);
    idp.directory.set('rita', { email: 'rita@acme.example', name: 'Rita Reader', groups: ['marketing'] });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const { ended } = await recheckSessions(server.team, must(server.team.sso));
    expect(ended).toBeGreaterThanOrEqual(1);
    expect(await sessionAlive(must(signedIn.session))).toBe(false);
    expect(
      (await trail('sso.session.end')).some((l) => l.member_id === must(signedIn.session).member_id),
    ).toBe(true);
    // And they cannot come back in.
    const again = await signIn('rita');
    expect(again.refused?.status).toBe(403);
    expect(await again.refused?.text()).toContain('none of the groups');
  });

  it('ends the sessions of a person the provider logs out through its back channel', async () => {
    idp.directory.set('bob', { email: 'bob@acme.example', name: 'Bob Back', groups: ['payouts-support'] });
    const signedIn = await signIn('bob');
    expect(await sessionAlive(must(signedIn.session))).toBe(true);
    const token = await idp.sign({
      iss: idp.issuer,
      aud: idp.client.id,
      iat: Math.floor(Date.now() / 1000),
      jti: crypto.randomUUID(),
      sub: 'bob',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    });
    const answer = await fetch(`${origin}/api/team/sso/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: token }).toString(),
    });
    expect(answer.status).toBe(200);
    expect(await sessionAlive(must(signedIn.session))).toBe(false);
    expect((await trail('sso.logout')).some((l) => l.detail === '1 session(s) ended')).toBe(true);
  });

  it('refuses a logout token the provider did not sign, and ends nothing', async () => {
    idp.directory.set('carl', { email: 'carl@acme.example', name: 'Carl', groups: ['payouts-viewers'] });
    const signedIn = await signIn('carl');
    const forged = await idp.sign({
      iss: 'http://evil.example',
      aud: idp.client.id,
      iat: Math.floor(Date.now() / 1000),
      sub: 'carl',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    });
    const answer = await fetch(`${origin}/api/team/sso/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: forged }).toString(),
    });
    expect(answer.status).toBe(400);
    expect(await sessionAlive(must(signedIn.session))).toBe(true);
  });

  it('refuses an answer whose state is not the sign-in this browser started, with a line in the trail', async () => {
    const browser = new TestBrowser();
    const { url } = await browser.walk(
      `${origin}/api/team/sso/start`,
      'victor',
      `${origin}/api/team/sso/callback`,
    );
    const forged = new URL(url);
    forged.searchParams.set('state', 'a-state-of-the-attacker');
    const answer = await browser.fetch(forged.href);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('does not belong to the sign-in you started');
    expect((await trail('sso.callback')).some((l) => l.outcome === 'refused' && l.status === 400)).toBe(true);
  });

  it('refuses a replayed answer of the provider', async () => {
    const browser = new TestBrowser();
    const { url } = await browser.walk(
      `${origin}/api/team/sso/start`,
      'victor',
      `${origin}/api/team/sso/callback`,
    );
    const first = await browser.fetch(url);
    expect(first.status).toBe(302);
    const replayed = await browser.fetch(url);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain('used already');
    // From another browser, which never started it: refused too.
    const elsewhere = await new TestBrowser().fetch(url);
    expect(elsewhere.status).toBe(400);
  });

  it.each([
    ['another issuer', { iss: 'http://evil.example' }, /iss/],
    ['another audience', { aud: 'someone-else' }, /aud/],
  ])('refuses an ID token of %s', async (_what, change, why) => {
    setTamper(async (idToken) => idp.sign({ ...decodeJwt(idToken), ...change }));
    const signedIn = await signIn('victor');
    expect(signedIn.refused?.status).toBe(401);
    const text = await signedIn.refused?.text();
    expect(text).toContain('did not verify');
    expect(text).toMatch(why);
  });

  it('refuses an ID token signed by another key', async () => {
    const { SignJWT, generateKeyPair } = await import('jose');
    const other = await generateKeyPair('RS256');
    setTamper(async (idToken) =>
      new SignJWT(decodeJwt(idToken))
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .sign(other.privateKey),
    );
    const signedIn = await signIn('victor');
    expect(signedIn.refused?.status).toBe(401);
    expect(await signedIn.refused?.text()).toContain('did not verify');
  });

  it('never opens an existing admin’s account to a person of the directory who carries their email', async () => {
    // Whoever sets emails in the directory (or a provider that lets a person set their own, verified) would otherwise
    // hold the admin's account, past its password and authenticator, with no admin of the console confirming.
    const existingAdmin = must(tenant.members.find((m) => m.role === 'admin'));
    idp.directory.set('impostor', {
      email: existingAdmin.email,
      name: 'Someone Else',
      groups: ['payouts-admins'],
    });
    const signedIn = await signIn('impostor');
    expect(signedIn.session?.member_id).not.toBe(existingAdmin.id);
    expect(signedIn.refused?.status).toBe(409);
    expect(await signedIn.refused?.text()).toContain('already has your email');
    const finance = must(tenant.members.find((m) => m.role === 'finance'));
    idp.directory.set('impostor-2', { email: finance.email, name: 'Else', groups: ['payouts-finance'] });
    const asFinance = await signIn('impostor-2');
    expect(asFinance.session?.member_id).not.toBe(finance.id);
    expect(asFinance.refused?.status).toBe(409);
  });

  it('makes no member of an email the provider has not verified, so that nobody takes a future member’s email first', async () => {
    // A person who may set their own email at the provider, unverified, would hold the console's member of an address
    // an admin is about to invite (as finance, say): the admin's invitation finds it taken, and a raise goes to them.
    idp.directory.set('squatter', {
      email: 'cfo-to-be@acme.example',
      name: 'Not The CFO',
      groups: ['payouts-support'],
      emailVerified: false,
    });
    const signedIn = await signIn('squatter');
    expect(signedIn.session).toBeUndefined();
    expect(signedIn.refused?.status).toBe(403);
    const made = await server.team.database.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', 'cfo-to-be@acme.example')
      .execute();
    expect(made).toEqual([]);
  });

  describe('a database writer keeping a session the provider no longer vouches for', () => {
    const db = server.team.database.db;
    const removedFromGroups = async (login: string) => {
      idp.directory.set(login, { email: `${login}@acme.example`, name: login, groups: ['marketing'] });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await recheckSessions(server.team, must(server.team.sso));
    };

    it('a session whose provider record is deleted opens nothing', async () => {
      idp.directory.set('dora', { email: 'dora@acme.example', name: 'dora', groups: ['payouts-support'] });
      const signedIn = must((await signIn('dora')).session);
      await db.deleteFrom('sso_sessions').where('member_id', '=', signedIn.member_id).execute();
      await removedFromGroups('dora');
      expect(await sessionAlive(signedIn)).toBe(false);
    });

    it('a session whose check is dated in the future opens nothing', async () => {
      idp.directory.set('ella', { email: 'ella@acme.example', name: 'ella', groups: ['payouts-support'] });
      const signedIn = must((await signIn('ella')).session);
      await db
        .updateTable('sso_sessions')
        .set({ checked_at: '9999-12-31T00:00:00.000Z' })
        .where('member_id', '=', signedIn.member_id)
        .execute();
      await removedFromGroups('ella');
      expect(await sessionAlive(signedIn)).toBe(false);
    });

    it('a session given the tokens of another person still in the directory ends at the next check', async () => {
      idp.directory.set('gus', { email: 'gus@acme.example', name: 'gus', groups: ['payouts-support'] });
      idp.directory.set('hal', { email: 'hal@acme.example', name: 'hal', groups: ['payouts-support'] });
      const gus = must((await signIn('gus')).session);
      const hal = must((await signIn('hal')).session);
      const halRow = await db
        .selectFrom('sso_sessions')
        .selectAll()
        .where('member_id', '=', hal.member_id)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('sso_sessions')
        .set({ tokens: halRow.tokens, subject: halRow.subject })
        .where('member_id', '=', gus.member_id)
        .execute();
      await removedFromGroups('gus');
      expect(await sessionAlive(gus)).toBe(false);
      expect(await sessionAlive(hal)).toBe(true);
    });
  });

  it('a vouched sign-in copied from the database (a backup, a read) opens no session later, under a code of the writer’s', async () => {
    idp.directory.set('paula', { email: 'paula@acme.example', name: 'Paula', groups: ['payouts-support'] });
    const db = server.team.database.db;
    const browser = new TestBrowser();
    // Paula's provider answer reaches the console: the attempt row holds what the provider vouched for, sealed.
    const { url } = await browser.walk(`${origin}/api/team/sso/start`, 'paula', `${origin}/sign-in`);
    const copied = await db
      .selectFrom('sso_attempts')
      .selectAll()
      .where('identity', 'is not', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    // Her page finishes as it should.
    const code = new URL(url).searchParams.get('sso') ?? '';
    const hers = await browser.fetch(`${origin}/api/team/sso/handoff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(hers.status).toBe(201);
    // Later, the writer puts the sealed answer back under an attempt and a code of their own, fresh.
    const writerCode = 'a-code-the-writer-chose';
    await server.team.database.db
      .insertInto('sso_attempts')
      .values({
        ...copied,
        created_at: new Date().toISOString(),
        handoff_hash: createHash('sha256').update(writerCode).digest('hex'),
      })
      .execute();
    const later = () =>
      fetch(`${origin}/api/team/sso/handoff`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `payout_console_sso=${copied.id}` },
        body: JSON.stringify({ code: writerCode }),
      });
    const theirs = await later();
    expect(theirs.status).toBe(400);
  });

  it('refuses a person in none of the mapped groups', async () => {
    const signedIn = await signIn('mark');
    expect(signedIn.refused?.status).toBe(403);
    expect(await signedIn.refused?.text()).toContain('none of the groups that may use this console');
  });
});
