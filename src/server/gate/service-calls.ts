import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { AnyWords } from '../../lib/wire/agreement';
import type { SandboxTransfer } from '../../lib/wire/resources';
import { basicAuthorization } from '../../node/basic-auth';
import { Refusal } from '../errors';
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

/**
 * A transfer of a list, as the servers read it: the vendor's (generated from its document, with the sandbox's
 * `customer_id`), any word for its type; its metadata read as the object the console server stamps.
 */
export type ListedTransfer = Pick<
  AnyWords<SandboxTransfer>,
  'created' | 'amount' | 'user_id' | 'customer_id' | 'type'
> & {
  id: string;
  metadata?: Record<string, unknown> | null;
};

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

/**
 * A read a rule rests on that the service did not answer (an error, a timeout, a status other than 2xx or 404, or a
 * body of another shape): the request it would judge is refused (ruleCheckUnavailable), never let through unjudged.
 */
export class RuleCheckUnavailable extends Error {
  constructor(path: string, why: string) {
    super(`The service did not answer ${path}: ${why}`);
    this.name = 'RuleCheckUnavailable';
  }
}

/** The answer to a request a rule could not judge: nothing was sent, and the member may try again shortly. */
export const ruleCheckUnavailable = () =>
  new Refusal(
    503,
    'rule-check-unavailable',
    'The service did not answer a check this needs; nothing was sent. Try again',
    {
      retryAfterSeconds: 5,
    },
  );

/** The statuses that say "not found" for certain (the service answers 403 for another organization's user). */
export type NotFoundStatuses = readonly number[];

/**
 * Reads what a rule needs, failing closed: the body when the service answers 2xx with the expected shape (a JSON
 * object, or an array), null when it answers one of `notFound` (a definite "there is none", which the caller has
 * checked is safe: the service then refuses the write too), and RuleCheckUnavailable for anything else.
 */
export async function readForRule<T>(
  call: CallService,
  request: Request,
  shape: 'object' | 'array',
  notFound: NotFoundStatuses = [404],
): Promise<T | null> {
  const path = new URL(request.url).pathname;
  let response: Response;
  try {
    response = await call(request);
  } catch (error) {
    throw new RuleCheckUnavailable(path, (error as Error).message);
  }
  if (notFound.includes(response.status)) return null;
  if (!response.ok) throw new RuleCheckUnavailable(path, `status ${response.status}`);
  const body = (await response.json().catch(() => undefined)) as unknown;
  const fits =
    shape === 'array'
      ? Array.isArray(body)
      : typeof body === 'object' && body !== null && !Array.isArray(body);
  if (!fits) throw new RuleCheckUnavailable(path, `not a JSON ${shape}`);
  return body as T;
}

/** A judgement that may rest on a read the service did not answer: that read's refusal in its place. */
export async function orUnavailable<T>(judging: Promise<T>): Promise<T | Refusal> {
  try {
    return await judging;
  } catch (error) {
    if (error instanceof RuleCheckUnavailable) return ruleCheckUnavailable();
    throw error;
  }
}
