import { randomBytes } from 'node:crypto';
import { basicAuthorization } from '../../node/basic-auth';
import { createSandbox, type Sandbox } from '../../sandbox/app';
import { createConsoleApp } from '../app';
import { adoptAuditKey } from '../audit/chain';
import { sealOnce } from '../audit/first-seal';
import type { AuditHeadFile } from '../audit/head-file';
import { checkAuditTrail } from '../audit/health';
import type { AuditKey } from '../audit/key';
import type { ServerConfig } from '../config';
import { type ConsoleDatabase, openConsoleDatabase } from '../db/database';
import type { SignInPolicy } from '../identity/policy';
import type { ChangeSink } from '../live/changes';
import type { LiveSettings } from '../live/hub';
import type { Mailer } from '../mail/mail';
import type { LocalOutbox } from '../mail/outbox';
import { createTeam, type OrgCredentials } from '../team';
import { config } from './config';

export interface MemberCredentials {
  id: string;
  email: string;
  password: string;
  role: 'viewer' | 'support' | 'finance' | 'admin';
}

const SHARED_TEST_KEY: AuditKey = {
  secret: Buffer.from('the tests’ audit key, shared by their servers'),
  source: 'test',
};

/**
 * The key of a test's audit trail (held outside its database, as a server's is): the one every test server shares,
 * as servers on one database share AUDIT_KEY; `fresh` for another key (an attacker's, say).
 */
export function testAuditKey(fresh = false): AuditKey {
  return fresh ? { secret: randomBytes(32), source: 'another key' } : SHARED_TEST_KEY;
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
    auditKey?: AuditKey;
    mailer?: Mailer | null;
    outbox?: LocalOutbox | null;
    leaseMs?: number;
    resetHoldMs?: number;
    auditHead?: AuditHeadFile | null;
    publicOrigin?: string;
    live?: Partial<LiveSettings>;
    /** Settings of the console server beyond the test defaults (metrics, say). */
    server?: Partial<ServerConfig>;
    /** Where the server tells the changes that events brought (a recording sink in tests). */
    changes?: ChangeSink;
  } = {},
) {
  const sandbox: Sandbox | null = options.upstream ? null : createSandbox({ config: { dbFile: ':memory:' } });
  const database = options.database ?? (await openConsoleDatabase({ file: ':memory:' }));
  const auditKey = options.auditKey ?? testAuditKey();
  await adoptAuditKey(database.db, auditKey);
  const team = createTeam({
    auditKey,
    auditHead: options.auditHead ?? null,
    ...(options.resetHoldMs !== undefined ? { resetHoldMs: options.resetHoldMs } : {}),
    mailer: options.mailer ?? null,
    outbox: options.outbox ?? null,
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    database,
    mode: options.upstream ? 'upstream' : 'sandbox',
    policy: options.policy,
    upstreamCredentials: options.orgCredentials ?? null,
    ...(options.now ? { now: options.now } : {}),
    ...(options.publicOrigin ? { publicOrigin: options.publicOrigin } : {}),
    ...(options.live ? { live: options.live } : {}),
  });
  team.trail = await checkAuditTrail(database.db, auditKey, options.auditHead ?? null);
  team.auditWitness.adopt(team.trail.ok ? team.trail.head : team.trail.noted);
  await sealOnce(team);
  const app = createConsoleApp(
    config({
      upstreamUrl: options.upstream ?? null,
      orgCredentials: options.orgCredentials ?? null,
      ...options.server,
    }),
    sandbox,
    team,
    null,
    options.changes ? { sink: options.changes } : null,
  );
  /** Signs a member in; the Authorization header of their session. */
  const signIn = async (member: { email: string; password: string; totp?: string }) => {
    const answer = await app.request('/api/team/sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password, totp: member.totp }),
    });
    if (answer.status !== 201) throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
    const body = (await answer.json()) as { member_id: string; secret: string };
    return basic(body.member_id, body.secret);
  };
  const tenant = async (settings?: Record<string, unknown>) => {
    const answer = await app.request('/sandbox/tenants', {
      method: 'POST',
      ...(settings
        ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settings) }
        : {}),
    });
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
      team.live.endStreams();
      await team.settled();
      sandbox?.close();
      if (!options.database) await database.close();
    },
  };
}

/** Requests as one caller, answered as status and parsed JSON (or text). */
export function caller(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  authorization: string,
) {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const answer = await app.request(path, {
      method,
      headers: {
        Authorization: authorization,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // Kept as text.
    }
    // biome-ignore lint/suspicious/noExplicitAny: a test reads the fields it expects
    return { status: answer.status, body: json as any, headers: answer.headers, text };
  };
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      send('POST', path, body ?? {}, headers),
    put: (path: string, body: unknown) => send('PUT', path, body),
    patch: (path: string, body: unknown) => send('PATCH', path, body),
    delete: (path: string) => send('DELETE', path),
  };
}
