import { basicAuthorization } from '../../../node/basic-auth';
import { createSandbox, type Sandbox } from '../../../sandbox/app';
import { createConsoleApp } from '../../app';
import { config } from '../../test/config';
import { type ConsoleDatabase, openConsoleDatabase } from '../database';
import type { SignInPolicy } from '../sign-in';
import { createTeam, type OrgCredentials } from '../team';

export interface MemberCredentials {
  id: string;
  email: string;
  password: string;
  role: 'viewer' | 'support' | 'finance' | 'admin';
}

/** The Authorization header of a member's session or an organization's key. */
export const basic = basicAuthorization;

/** A console server with its team, on the embedded sandbox or an upstream, for in-process requests. */
export async function teamConsole(
  options: {
    database?: ConsoleDatabase;
    policy?: Partial<SignInPolicy>;
    upstream?: URL;
    orgCredentials?: OrgCredentials;
    now?: () => Date;
  } = {},
) {
  const sandbox: Sandbox | null = options.upstream ? null : createSandbox({ config: { dbFile: ':memory:' } });
  const database = options.database ?? (await openConsoleDatabase({ file: ':memory:' }));
  const team = createTeam({
    database,
    mode: options.upstream ? 'upstream' : 'sandbox',
    policy: options.policy,
    upstreamCredentials: options.orgCredentials ?? null,
    ...(options.now ? { now: options.now } : {}),
  });
  const app = createConsoleApp(
    config({ upstreamUrl: options.upstream ?? null, orgCredentials: options.orgCredentials ?? null }),
    sandbox,
    team,
  );
  /** Signs a member in; the Authorization header of their session. */
  const signIn = async (member: { email: string; password: string; totp?: string }) => {
    const answer = await app.request('/team/sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password, totp: member.totp }),
    });
    if (answer.status !== 201) throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
    const body = (await answer.json()) as { member_id: string; secret: string };
    return basic(body.member_id, body.secret);
  };
  const tenant = async () => {
    const answer = await app.request('/sandbox/tenants', { method: 'POST' });
    return (await answer.json()) as {
      client_id: string;
      api_key: string;
      users: { id: string }[];
      customers: { id: string }[];
      apps: { id: string }[];
      members: MemberCredentials[];
    };
  };
  return {
    app,
    team,
    sandbox,
    signIn,
    tenant,
    close: async () => {
      sandbox?.close();
      if (!options.database) await database.close();
    },
  };
}
