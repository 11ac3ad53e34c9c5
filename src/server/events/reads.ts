import type { EventObject } from '../../lib/service-events';
import { type CallService, serviceRequest } from '../gate/service-calls';
import type { OrgCredentials } from '../team';

/** Where each kind of object is read at the service, with the organization's credentials. */
const PATHS: Record<EventObject, (id: string) => string> = {
  transfer: (id) => `/v2/transfers/${id}`,
  payout_link: (id) => `/v2/payout-links/${id}`,
  payout_request: (id) => `/v2/payout-requests/${id}`,
  bill: (id) => `/v2/accounts-payable/payables/${id}`,
  user: (id) => `/v2/users/${id}`,
  flow: (id) => `/v2/flows/${id}`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ServiceObject {
  id: string;
  status?: unknown;
  status_history?: unknown;
  metadata?: unknown;
  [field: string]: unknown;
}

export type ObjectRead =
  | { kind: 'read'; object: ServiceObject }
  /** The service says the organization has no such object: it is another's, or nothing. */
  | { kind: 'not-ours' }
  /** The service could not be asked (an outage, a timeout): nothing is known. */
  | { kind: 'unreadable' };

/** The object as the service answers it to the organization now: what an event is checked against. */
export async function readObject(
  call: CallService,
  credentials: OrgCredentials,
  kind: EventObject,
  id: string,
): Promise<ObjectRead> {
  if (!UUID.test(id)) return { kind: 'not-ours' };
  try {
    const answer = await call(serviceRequest(credentials, PATHS[kind](id)));
    if (answer.status === 403 || answer.status === 404) return { kind: 'not-ours' };
    if (!answer.ok) return { kind: 'unreadable' };
    const object = (await answer.json()) as ServiceObject;
    return object && typeof object === 'object' && object.id === id
      ? { kind: 'read', object }
      : { kind: 'unreadable' };
  } catch {
    return { kind: 'unreadable' };
  }
}

/** When the object took its status, by its own record (a transfer's status history); null when it keeps none. */
export function statusTimeOf(object: ServiceObject): string | null {
  const history = object.status_history;
  if (!Array.isArray(history) || history.length === 0) return null;
  const last = history.at(-1) as { at?: unknown; timestamp?: unknown };
  const at = last.at ?? last.timestamp;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : null;
}

/**
 * What else of an object a page shows that keeps no status and no time of its own, as a short text to compare: a
 * user's tax form (which form, and where its TIN's check stands), which changes under the same status. Null for every
 * other kind. Never the form's content: no TIN, not even its last four.
 */
export function detailOf(kind: EventObject, object: ServiceObject): string | null {
  if (kind !== 'user') return null;
  const compliance = object.compliance;
  if (!compliance || typeof compliance !== 'object') return null;
  const facts = compliance as Record<string, unknown>;
  const form = facts.w9 ? 'w9' : facts.w8_ben_collected === true ? 'w8ben' : 'none';
  const check = typeof facts.tax_id_verification === 'string' ? facts.tax_id_verification : 'unknown';
  return `tax-form:${form};tin:${check}`;
}

export const statusOf = (object: Record<string, unknown>): string | null =>
  typeof object.status === 'string' ? object.status : null;

/** The console's idempotency key on the object (a transfer it paid): the approval or file row it belongs to. */
export function rowKeyOf(object: ServiceObject): string | null {
  const metadata = object.metadata;
  if (!metadata || typeof metadata !== 'object') return null;
  const key = (metadata as Record<string, unknown>).console_request_id;
  return typeof key === 'string' ? key.slice(0, 200) : null;
}
