import { randomUUID } from 'node:crypto';
import type { PayoutRequestCreate } from '../../lib/requests/payout-requests';
import type { Db } from '../store/db';
import {
  decidePayoutRequest,
  findPayoutLink,
  findPayoutRequest,
  findPayoutRequestAnyTenant,
  insertPayoutRequest,
  type PayoutRequestRow,
} from '../store/payouts';
import { findUser } from '../store/tenants';
import type { Caller, HelperCaller, Tenant } from './auth';
import { DomainError, found } from './errors';
import { keysetPage, type PageQuery } from './pages';
import { createPayoutLink, payoutLinkView } from './payout-links';
import { userView } from './user-view';

/**
 * Payout requests: a person asks to be paid (by user id or phone); when the request is approved (by the vendor's
 * dashboard: here a sandbox helper) they are sent a payout link.
 */

const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

/** The vendor's `payout-request`. */
export function payoutRequestView(db: Db, row: PayoutRequestRow) {
  const user = row.user_id ? findUser(db, row.org_id, row.user_id) : undefined;
  const link = row.payout_link_id ? findPayoutLink(db, row.org_id, row.payout_link_id) : undefined;
  return {
    id: row.id,
    created: row.created,
    amount: row.amount,
    status: row.status,
    ...(row.payee ? { payee: parse(row.payee) } : {}),
    ...(link ? { 'payout-link': payoutLinkView(db, link) } : {}),
    ...(user ? { user: userView(db, user) } : {}),
    metadata: parse(row.metadata),
    memo: row.memo,
  };
}

/** A page of the caller's payout requests, newest first (`status`: an extension filter). */
export function listPayoutRequests(
  { db, tenant }: Caller,
  query: PageQuery & { status?: string | undefined },
) {
  const find = (id: string) => findPayoutRequest(db, tenant.orgId, id);
  return keysetPage(db, 'payout_requests', tenant.orgId, query, find, (row) => payoutRequestView(db, row));
}

export function payoutRequestOf({ db, tenant }: Caller, requestId: string) {
  return payoutRequestView(db, found(findPayoutRequest(db, tenant.orgId, requestId)));
}

export function createPayoutRequest({ db, tenant, nowMs }: Caller, body: PayoutRequestCreate) {
  if (body.user_id) found(findUser(db, tenant.orgId, body.user_id));
  const row: Omit<PayoutRequestRow, 'seq'> = {
    id: randomUUID(),
    org_id: tenant.orgId,
    user_id: body.user_id ?? null,
    payee: body.payee ? JSON.stringify(body.payee) : null,
    amount: body.amount,
    status: 'created',
    memo: body.memo ?? null,
    metadata: body.metadata === undefined ? null : JSON.stringify(body.metadata),
    payout_link_id: null,
    created: new Date(nowMs).toISOString(),
    created_ms: nowMs,
  };
  insertPayoutRequest(db, row);
  return payoutRequestView(db, findPayoutRequest(db, tenant.orgId, row.id) as PayoutRequestRow);
}

/** A sandbox helper, in the dashboard's place: approved, the payee is sent a payout link; rejected, nothing moves. */
export function decideRequest({ db, nowMs }: HelperCaller, id: string, status: 'approved' | 'rejected') {
  const row = findPayoutRequestAnyTenant(db, id);
  if (!row) throw new DomainError('not-found', 'request-not-found', 'No payout request has this id');
  if (row.status !== 'created') {
    throw new DomainError('conflict', 'request-decided', `This payout request is ${row.status} already`);
  }
  return db.transaction(() => {
    let linkId: string | null = null;
    if (status === 'approved') {
      const payee = row.payee
        ? (JSON.parse(row.payee) as { country_code: string; phone_number: string })
        : undefined;
      const { link } = createPayoutLink(
        { db, tenant: { orgId: row.org_id } as Tenant, appId: undefined, nowMs },
        {
          amount: row.amount,
          ...(row.user_id ? { user_id: row.user_id } : {}),
          ...(payee ? { payee } : {}),
          delivery: { method: payee ? 'sms' : 'all' },
          ...(row.memo ? { memo: row.memo } : {}),
        },
      );
      linkId = link.id;
    }
    decidePayoutRequest(db, row.id, status, linkId);
    return payoutRequestView(db, findPayoutRequest(db, row.org_id, row.id) as PayoutRequestRow);
  })();
}
