import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { basicAuthorization } from '../../node/basic-auth';
import type { OrgCredentials } from '../team';

/**
 * The console server's own calls to the payout service (the sandbox in-process, or upstream), always with the
 * organization's credentials: the executor's payments, and the reads that approvals rest on.
 */

/** Sends one request to the payout service with the organization's credentials. */
export type CallService = (request: Request) => Promise<Response>;

/** A request to the service as the organization. */
export function serviceRequest(
  credentials: OrgCredentials,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Request {
  return new Request(`http://console.internal${path}`, {
    ...init,
    headers: { ...init.headers, authorization: basicAuthorization(credentials.clientId, credentials.apiKey) },
  });
}

export interface ListedTransfer {
  id: string;
  created?: string;
  amount?: number;
  user_id?: string | null;
  customer_id?: string | null;
  /** payment, payout, … */
  type?: string;
  metadata?: Record<string, unknown> | null;
}

/**
 * The organization's transfers made since `since`, newest first, page by page (at most `maxPages` of 100). Throws
 * when a page cannot be read: a caller that looks for something must not take "not read" for "not there".
 */
export async function* transfersSince(
  call: CallService,
  credentials: OrgCredentials,
  since: string,
  options: { type?: 'payment' | 'payout'; maxPages: number },
): AsyncGenerator<ListedTransfer> {
  let after = '';
  for (let page = 0; page < options.maxPages; page++) {
    const query = `limit=100${options.type ? `&type=${options.type}` : ''}${after ? `&starting_after=${after}` : ''}`;
    const response = await call(serviceRequest(credentials, `/v2/transfers?${query}`));
    if (!response.ok) throw new Error(`The service answered ${response.status} to a list of transfers`);
    const body = (await response.json()) as { data?: ListedTransfer[]; has_more?: boolean };
    const transfers = body.data ?? [];
    for (const transfer of transfers) {
      if (transfer.created !== undefined && transfer.created < since) return;
      yield transfer;
    }
    const last = transfers.at(-1);
    if (!body.has_more || !last) return;
    after = last.id;
  }
}

/** The request id (idempotency key) the console server stamped on a transfer, if any. */
export function requestIdOf(transfer: ListedTransfer): string | null {
  const key = transfer.metadata?.console_request_id;
  return typeof key === 'string' ? key : null;
}

/**
 * What a payee's payout methods are at one moment, as a SHA-256 of the service's list (each method in canonical JSON,
 * the list sorted): a payout approved to "their PayPal" or "their default method" is paid only while it still means
 * the method the approver was shown. `not-found` when the organization has no such user; null when it could not be
 * read.
 */
export async function payeeMethodsFingerprint(
  call: CallService,
  credentials: OrgCredentials,
  userId: string,
): Promise<string | 'not-found' | null> {
  try {
    const response = await call(
      serviceRequest(credentials, `/v2/users/${encodeURIComponent(userId)}/payout-methods`),
    );
    // The service answers one 403 for a user that is not there and one that is another's (as 404 would be).
    if (response.status === 403 || response.status === 404) return 'not-found';
    if (!response.ok) return null;
    const methods = (await response.json()) as unknown;
    if (!Array.isArray(methods)) return null;
    const lines = methods.map((method) => canonicalize(method) ?? '').sort();
    return createHash('sha256').update(lines.join('\n')).digest('hex');
  } catch {
    return null;
  }
}

/** The fingerprints of several payees' payout methods, read eight at a time. */
export async function payeesMethodsFingerprints(
  call: CallService,
  credentials: OrgCredentials,
  userIds: Iterable<string>,
): Promise<Map<string, string | 'not-found' | null>> {
  const users = [...new Set(userIds)];
  const found = new Map<string, string | 'not-found' | null>();
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const user = users[next++] as string;
      found.set(user, await payeeMethodsFingerprint(call, credentials, user));
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, users.length) }, worker));
  return found;
}
