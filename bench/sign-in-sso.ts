import { TestBrowser, testProvider } from '../src/server/test/sso/oidc-provider';
import { freePort, startConsoleServer } from './lib';

export interface SsoSignInResult {
  runs: number;
  /** The provider's redirect back to the console (its callback) → the member's session, in ms. */
  median: number;
  p95: number;
}

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;

/**
 * Sign-in through the company's identity provider, from the provider's redirect to a session: the console's callback
 * (the code exchanged at the provider, the ID token checked, the member found and admitted) and the handoff of its
 * one-time code for the member's credentials. The provider is oidc-provider on this machine, as `npm run dev:sso`
 * runs it; each sign-in a new browser (no cookie of a sign-in before), the demo's support member by their login.
 */
export async function runSsoSignIn(runs: number): Promise<SsoSignInResult> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const provider = await testProvider({
    redirectUri: `${origin}/api/team/sso/callback`,
    backchannelUri: `${origin}/api/team/sso/backchannel-logout`,
  });
  provider.directory.set('support', {
    email: 'support@demo-marketplace.example',
    name: 'Sam Support',
    groups: ['payouts-support'],
  });
  const server = await startConsoleServer({
    PORT: String(port),
    PUBLIC_URL: origin,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.client.id,
    OIDC_CLIENT_SECRET: provider.client.secret,
    OIDC_PROVIDER_NAME: 'the local provider',
    OIDC_ROLE_MAP: 'payouts-finance=finance,payouts-support=support',
  });
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const browser = new TestBrowser();
      const callback = `${origin}/api/team/sso/callback`;
      const { url } = await browser.walk(`${origin}/api/team/sso/start`, 'support', callback);
      if (!url.startsWith(callback)) throw new Error(`the provider did not send the browser back: ${url}`);
      const started = performance.now();
      const returned = await browser.fetch(url);
      const code = new URL(returned.headers.get('location') ?? '', origin).searchParams.get('sso');
      if (returned.status !== 302 || !code) throw new Error(`the callback answered ${returned.status}`);
      const session = await browser.fetch(`${origin}/api/team/sso/handoff`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      if (session.status !== 201)
        throw new Error(`the handoff answered ${session.status}: ${await session.text()}`);
      await session.json();
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return { runs, median: round(percentile(sorted, 0.5)), p95: round(percentile(sorted, 0.95)) };
  } finally {
    server.child.kill('SIGTERM');
    await provider.close();
  }
}
