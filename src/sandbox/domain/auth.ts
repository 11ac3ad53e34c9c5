import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http-error';
import type { Db } from '../store/db';
import { findOrganizationByClientId } from '../store/tenants';

export interface Tenant {
  orgId: string;
  clientId: string;
}

/**
 * API keys are 32 random bytes, so a single SHA-256 is enough to store them: a slow KDF protects guessable
 * passwords, and would only add latency to every request here.
 */
export function hashApiKey(apiKey: string): Buffer {
  return createHash('sha256').update(apiKey, 'utf8').digest();
}

export function newApiKey(): string {
  return `sk_sandbox_${randomBytes(32).toString('hex')}`;
}

/** Compared against when the client id is unknown, so that both paths do the same work. */
const DECOY_HASH = hashApiKey(randomBytes(32).toString('hex'));

export const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="sandbox", charset="UTF-8"' };

function unauthorized(code: string, message: string): HttpError {
  return new HttpError(401, code, message, [], BASIC_CHALLENGE);
}

export interface BasicCredentials {
  clientId: string;
  apiKey: string;
}

/** Reads `Authorization: Basic base64(client_id:api_key)`; null when absent, throws 401 when malformed. */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null {
  if (header === undefined || header.trim() === '') return null;
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header);
  if (!match?.[1])
    throw unauthorized('malformed-credentials', 'Authorization must be Basic base64(client_id:api_key)');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) {
    throw unauthorized('malformed-credentials', 'Authorization must be Basic base64(client_id:api_key)');
  }
  return { clientId: decoded.slice(0, colon), apiKey: decoded.slice(colon + 1) };
}

export function authenticate(db: Db, header: string | undefined): Tenant {
  const credentials = parseBasicAuthorization(header);
  if (!credentials)
    throw unauthorized('missing-credentials', 'Send your client id and API key with Basic auth');
  const organization = findOrganizationByClientId(db, credentials.clientId);
  const presented = hashApiKey(credentials.apiKey);
  const expected = organization ? organization.key_hash : DECOY_HASH;
  const matches = timingSafeEqual(presented, expected);
  if (!organization || !matches)
    throw unauthorized('invalid-credentials', 'The client id or API key is wrong');
  return { orgId: organization.id, clientId: organization.client_id };
}
