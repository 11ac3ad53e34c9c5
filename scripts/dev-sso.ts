// `npm run dev:sso`: the demo as `npm start` serves it, with members signing in through a local OpenID provider
// (oidc-provider and its development login page: type one of the logins below, any password).
import { spawn } from 'node:child_process';
import { testProvider } from '../src/server/test/sso/oidc-provider';

const port = Number(process.env.PORT ?? 8080);
const origin = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
const provider = await testProvider({
  redirectUri: `${origin}/api/team/sso/callback`,
  backchannelUri: `${origin}/api/team/sso/backchannel-logout`,
});
const people = {
  // The demo's support member, by their email: a member who neither pays nor administers is linked at a first sign-in.
  support: { email: 'support@demo-marketplace.example', name: 'Sam Support', groups: ['payouts-support'] },
  // A paying member is never linked by an email claim (an admin links them): this one is refused, and says so.
  finance: { email: 'finance@demo-marketplace.example', name: 'Fiona Finance', groups: ['payouts-finance'] },
  // Someone new to the console: in at once at support, paying only once an admin confirms (Team, "Waiting").
  newhire: { email: 'newhire@demo-marketplace.example', name: 'Nina Newhire', groups: ['payouts-finance'] },
  // Someone the company has not given the console.
  outsider: { email: 'outsider@demo-marketplace.example', name: 'Otto Outsider', groups: ['marketing'] },
};
for (const [login, person] of Object.entries(people)) provider.directory.set(login, person);
console.log(
  `Local identity provider on ${provider.issuer}: sign in as ${Object.keys(people).join(', ')} (any password).`,
);

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: origin,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.client.id,
    OIDC_CLIENT_SECRET: provider.client.secret,
    OIDC_PROVIDER_NAME: 'the local provider',
    OIDC_ROLE_MAP:
      'payouts-admins=admin,payouts-finance=finance,payouts-support=support,payouts-viewers=viewer',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.kill(signal);
    void provider.close().then(() => process.exit(0));
  });
}
server.on('exit', (code) => {
  void provider.close().then(() => process.exit(code ?? 0));
});
