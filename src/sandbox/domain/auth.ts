import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseBasic } from '../../node/basic-auth';
import type { Db } from '../store/db';
import { findClientCredentials } from '../store/tenants';
import type { FailureWindow } from './auth-limiter';
import { DomainError } from './errors';

export interface Tenant {
  orgId: string;
  clientId: string;
}

/** Who asks, and when: what an operation of a tenant's request is given (routes/define.ts makes it). */
export interface Caller {
  db: Db;
  tenant: Tenant;
  /** The Api-App-Id header, if sent: the app a payment credits or a payout is paid from (else the first). */
  appId: string | undefined;
  nowMs: number;
  /** The origin the request was made to, for the absolute URLs an answer carries (a bill's file_url). */
  origin?: string;
}

/** What a sandbox helper's operation is given: helpers take no credentials, so there is no tenant. */
export type HelperCaller = Pick<Caller, 'db' | 'nowMs'>;

/**
 * API keys are 32 random bytes, so a single SHA-256 is enough to store them: a slow KDF protects guessable
 * passwords, and would only add latency to every request here.
 */
export function hashApiKey(apiKey: string): Buffer {
  return hash('sha256', apiKey, 'buffer');
}

export function newApiKey(): string {
  return `sk_sandbox_${randomBytes(32).toString('hex')}`;
}

/** Compared against when the client id is unknown, so that both paths do the same work. */
const DECOY_HASH = hashApiKey(randomBytes(32).toString('hex'));

function unauthorized(code: string, message: string): DomainError {
  return new DomainError('unauthenticated', code, message);
}

export interface BasicCredentials {
  clientId: string;
  apiKey: string;
}

/** Reads `Authorization: Basic base64(client_id:api_key)`; null when absent, throws 401 when malformed. */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null {
  const basic = parseBasic(header);
  if (basic === undefined) return null;
  if (basic === null) {
    throw unauthorized('malformed-credentials', 'Authorization must be Basic base64(client_id:api_key)');
  }
  return { clientId: basic.user, apiKey: basic.password };
}

function tooManyFailures(retryAfterSeconds: number): DomainError {
  return new DomainError(
    'too-many-attempts',
    'too-many-failed-authentications',
    `Too many failed sign-ins; try again in ${retryAfterSeconds} s`,
    [],
    retryAfterSeconds,
  );
}

export interface AuthContext {
  db: Db;
  failures: FailureWindow;
  /** The caller's network address (failures without a known client id are counted per address). */
  address: string;
  nowMs: number;
}

function failAnonymously(ctx: AuthContext, error: DomainError): never {
  const byAddress = `address:${ctx.address}`;
  const wait = ctx.failures.retryAfterSeconds(byAddress, ctx.nowMs);
  if (wait > 0) throw tooManyFailures(wait);
  ctx.failures.record(byAddress, ctx.nowMs);
  throw error;
}

function wrongCredentials(): DomainError {
  return unauthorized('invalid-credentials', 'The client id or API key is wrong');
}

/**
 * Who is calling, or a 401 (missing, malformed or wrong credentials), or a 429 once a client id, or an address
 * sending unusable credentials, has failed too often in the window (see auth-limiter.ts).
 */
export function authenticate(ctx: AuthContext, header: string | undefined): Tenant {
  let credentials: BasicCredentials | null;
  try {
    credentials = parseBasicAuthorization(header);
  } catch (error) {
    return failAnonymously(ctx, error as DomainError);
  }
  if (!credentials) {
    return failAnonymously(
      ctx,
      unauthorized('missing-credentials', 'Send your client id and API key with Basic auth'),
    );
  }
  const byClient = `client:${credentials.clientId}`;
  const wait = ctx.failures.retryAfterSeconds(byClient, ctx.nowMs);
  if (wait > 0) throw tooManyFailures(wait);
  const organization = findClientCredentials(ctx.db, credentials.clientId);
  const presented = hashApiKey(credentials.apiKey);
  const matches = timingSafeEqual(presented, organization ? organization.keyHash : DECOY_HASH);
  if (!organization) return failAnonymously(ctx, wrongCredentials());
  if (!matches) {
    ctx.failures.record(byClient, ctx.nowMs);
    throw wrongCredentials();
  }
  return { orgId: organization.orgId, clientId: organization.clientId };
}
