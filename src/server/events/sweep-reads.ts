import type { EventObject } from '../../lib/service-events';
import { type CallService, serviceRequest } from '../gate/service-calls';
import type { OrgCredentials } from '../team';
import type { ServiceObject } from './reads';

/**
 * Where a sweep lists each kind of object an event can be about, newest first by keyset pages, and the field that
 * says when one was made. A user carries no such time: the newest pages of users are read whatever their age, so that
 * a verification changed while events were lost is seen (bounded by the pages a sweep reads).
 */
const LISTS: Record<EventObject, { path: string; createdField: string | null }> = {
  transfer: { path: '/v2/transfers', createdField: 'created' },
  payout_link: { path: '/v2/payout-links', createdField: 'created' },
  payout_request: { path: '/v2/payout-requests', createdField: 'created' },
  bill: { path: '/v2/accounts-payable/payables', createdField: 'created_timestamp' },
  flow: { path: '/v2/flows', createdField: 'created' },
  user: { path: '/v2/users', createdField: null },
};

/** How much of a list a sweep reads: at most `pages` pages of `pageSize`. */
export interface ListReach {
  pages: number;
  pageSize: number;
}

/**
 * The objects of one kind made since `since` (newest first), as the service lists them to the organization now.
 * Throws when a page cannot be read: a sweep takes nothing it could not read for "not there". `onCapped` is told when
 * the last page the reach allows still had more after it within `since`: what is older was not read.
 */
export async function* recentObjects(
  call: CallService,
  credentials: OrgCredentials,
  kind: EventObject,
  since: string,
  reach: ListReach,
  onCapped: () => void,
): AsyncGenerator<ServiceObject> {
  const list = LISTS[kind];
  const sinceMs = Date.parse(since);
  let after = '';
  for (let page = 0; page < reach.pages; page++) {
    const query = `limit=${reach.pageSize}${after ? `&starting_after=${after}` : ''}`;
    const response = await call(serviceRequest(credentials, `${list.path}?${query}`));
    if (!response.ok) throw new Error(`The service answered ${response.status} to a list of ${kind}s`);
    const body = (await response.json()) as { data?: ServiceObject[]; has_more?: boolean };
    const objects = (body.data ?? []).filter((o) => o && typeof o.id === 'string');
    for (const object of objects) {
      const created = list.createdField ? object[list.createdField] : undefined;
      if (typeof created === 'string' && Date.parse(created) < sinceMs) return;
      yield object;
    }
    const last = objects.at(-1);
    if (!body.has_more || !last) return;
    after = last.id;
  }
  onCapped();
}
