import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** A person of the company's directory, as the test provider knows them (null: removed from the directory). */
export interface DirectoryPerson {
  email: string;
  name: string;
  groups: string[];
  /** Whether the provider vouches for the email (true unless said). */
  emailVerified?: boolean;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The company's identity provider for tests: oidc-provider (a certified OpenID provider) on a free port, with its
 * own development login pages, a directory the test changes, and signing keys the test holds (to mint a token the
 * provider's key signs with another issuer or audience).
 */
export async function testProvider(options: { redirectUri: string; backchannelUri: string }) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const directory = new Map<string, DirectoryPerson>();
  const client = { id: 'payout-console', secret: 'the-console-client-secret-for-tests' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [options.redirectUri],
        backchannel_logout_uri: options.backchannelUri,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['the-test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
    features: { backchannelLogout: { enabled: true }, devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const person = directory.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          name: person.name,
          groups: person.groups,
        }),
      };
    },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    client,
    directory,
    provider,
    /** A JWT signed with the provider's own key (a token it never issued). */
    sign: (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A person's browser: follows redirects and keeps each host's cookies, and fills the provider's two forms. */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  cookieHeader(url: string): string {
    const host = new URL(url).host;
    return [...(this.jar.get(host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(url: string, response: Response) {
    const host = new URL(url).host;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 0) continue;
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(line)) cookies.delete(pair.slice(0, at));
      else cookies.set(pair.slice(0, at), value);
    }
    this.jar.set(host, cookies);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.keep(url, response);
    return response;
  }

  /**
   * From `url`, follows redirects; on the provider's pages signs in as `login` and consents; stops before fetching
   * an address that starts with `stopBefore`, or at an answer that is neither a redirect nor a form.
   */
  async walk(
    url: string,
    login: string,
    stopBefore: string,
  ): Promise<{ response: Response | null; url: string }> {
    let at = url;
    for (let step = 0; step < 20; step++) {
      if (at.startsWith(stopBefore)) return { response: null, url: at };
      const response = await this.fetch(at);
      const location = response.headers.get('location');
      if (location && response.status >= 300 && response.status < 400) {
        at = new URL(location, at).href;
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) return { response: new Response(html, { status: response.status }), url: at };
      const form: Record<string, string> = html.includes('name="login"')
        ? { prompt: 'login', login, password: 'any password' }
        : { prompt: 'consent' };
      const posted = await this.fetch(new URL(action.replaceAll('&amp;', '&'), at).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      const next = posted.headers.get('location');
      if (!next) return { response: posted, url: at };
      at = new URL(next, at).href;
    }
    throw new Error('The sign-in took more than 20 steps');
  }
}
