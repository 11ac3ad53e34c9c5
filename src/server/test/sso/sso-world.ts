import { serve } from '@hono/node-server';
import { afterAll, beforeEach } from 'vitest';
import type { ConsoleDatabase } from '../../db/database';
import type { SignInPolicy } from '../../identity/policy';
import { ssoSettingsFromEnv } from '../../sso/settings';
import { startSso } from '../../sso/start';
import { basic, caller, teamConsole } from '../console';
import { freePort, TestBrowser, testProvider } from './oidc-provider';

/** A value the test's setup guarantees. */
export function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

/**
 * Single sign-on against a real OpenID provider (oidc-provider, its own login pages): the console server on a port
 * of its own with a test tenant, a person's browser walking between them. Call inside a describe (it registers its
 * own clean-up).
 */
export async function ssoWorld(options: { policy?: Partial<SignInPolicy>; database?: ConsoleDatabase } = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const idp = await testProvider({
    redirectUri: `${origin}/api/team/sso/callback`,
    backchannelUri: `${origin}/api/team/sso/backchannel-logout`,
  });
  const server = await teamConsole({
    publicOrigin: origin,
    ...(options.policy ? { policy: options.policy } : {}),
    ...(options.database ? { database: options.database } : {}),
  });
  const listener = serve({ fetch: server.app.fetch, port, hostname: '127.0.0.1' });
  const tenant = await server.tenant();
  const admin = caller(server.app, await server.signIn(must(tenant.members.find((m) => m.role === 'admin'))));
  const settings = ssoSettingsFromEnv(
    {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.client.id,
      OIDC_CLIENT_SECRET: idp.client.secret,
      OIDC_PROVIDER_NAME: 'Acme SSO',
      OIDC_ROLE_MAP:
        'payouts-admins=admin,payouts-finance=finance,payouts-support=support,payouts-viewers=viewer',
      OIDC_RECHECK_MS: '1000',
    },
    origin,
  );
  if (!settings) throw new Error('settings from the environment');
  /** What the test does to the provider's token answers (a token of another issuer, audience or key). */
  let tamper: ((idToken: string) => Promise<string>) | null = null;
  const fetchWith: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!tamper || !String(input instanceof Request ? input.url : input).endsWith('/token')) return response;
    const body = (await response.json()) as { id_token: string };
    return Response.json({ ...body, id_token: await tamper(body.id_token) }, { status: response.status });
  };
  server.team.sso = await startSso(server.team, settings, tenant.client_id, fetchWith);
  afterAll(async () => {
    listener.close();
    await idp.close();
    await server.close();
    await options.database?.close();
  });
  beforeEach(() => {
    tamper = null;
  });

  idp.directory.set('victor', {
    email: 'victor@acme.example',
    name: 'Victor Viewer',
    groups: ['payouts-viewers'],
  });
  idp.directory.set('fiona', {
    email: 'fiona@acme.example',
    name: 'Fiona Finance',
    groups: ['payouts-finance'],
  });
  idp.directory.set('mark', { email: 'mark@acme.example', name: 'Mark Eting', groups: ['marketing'] });

  const trail = async (action: string) =>
    server.team.database.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute();

  /** A person signs in from the console's sign-in page; the page's exchange of its code, as the console does it. */
  async function signIn(login: string, browser = new TestBrowser(), totp?: string) {
    const { response, url } = await browser.walk(`${origin}/api/team/sso/start`, login, `${origin}/sign-in`);
    if (response !== null || !url.startsWith(`${origin}/sign-in?sso=`)) return { refused: response, browser };
    const code = new URL(url).searchParams.get('sso') ?? '';
    const handed = await browser.fetch(`${origin}/api/team/sso/handoff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, ...(totp ? { totp } : {}) }),
    });
    const session = (await handed.json()) as {
      member_id: string;
      secret: string;
      member: { role: string };
      must_enroll_totp: boolean;
      error_code?: string;
    };
    return { status: handed.status, session, browser, code };
  }

  const sessionAlive = async (s: { member_id: string; secret: string }) =>
    (
      await server.app.request('/api/team/session', {
        headers: { Authorization: basic(s.member_id, s.secret) },
      })
    ).status === 200;

  return {
    origin,
    idp,
    server,
    tenant,
    admin,
    trail,
    signIn,
    sessionAlive,
    setTamper(next: ((idToken: string) => Promise<string>) | null) {
      tamper = next;
    },
  };
}
