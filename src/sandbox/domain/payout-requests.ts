import { randomUUID } from 'node:crypto';
import type { PayoutRequestCreate } from '../../lib/requests/payout-requests';
import type { Db } from '../store/db';
import {
  decidePayoutRequest,
  findPayoutLink,
  findPayoutRequest,
  insertPayoutRequest,
  type PayoutRequestRow,
} from '../store/payouts';
import { findUser } from '../store/tenants';
import type { Tenant } from './auth';
import { DomainError, notFoundOrUnauthorized } from './errors';
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

export function createPayoutRequest(
  db: Db,
  tenant: Tenant,
  body: PayoutRequestCreate,
  nowMs: number,
): PayoutRequestRow {
  if (body.user_id && !findUser(db, tenant.orgId, body.user_id)) throw notFoundOrUnauthorized();
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
  return findPayoutRequest(db, tenant.orgId, row.id) as PayoutRequestRow;
}

/** A sandbox helper, in the dashboard's place: approved, the payee is sent a payout link; rejected, nothing moves. */
export function decideRequest(db: Db, row: PayoutRequestRow, status: 'approved' | 'rejected', nowMs: number) {
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
    return findPayoutRequest(db, row.org_id, row.id) as PayoutRequestRow;
  })();
}
