import { hash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { AchInfo, PaymentRequest } from '../../lib/requests/payments';
import type { GroupCommit } from '../store/group-commit';
import {
  creditedAppOf,
  findBankAccount,
  insertBankAccount,
  namedCustomer,
  namedUser,
} from '../store/tenants';
import {
  appendStatusHistory,
  findIdempotencyKey,
  insertTransfer,
  saveIdempotencyKey,
  type TransferRow,
  transferJson,
} from '../store/transfers';
import type { Caller } from './auth';
import { DomainError, notFoundOrUnauthorized } from './errors';
import { randomHex, uuidV7 } from './ids';
import { outcomeForAccount } from './lifecycle';
import { payerName, postPayment } from './payment-money';

/**
 * Same body, same hash: the request in RFC 8785's canonical JSON (keys sorted at every depth), so that `{a, b}` and
 * `{b, a}` are one request.
 */
export function canonicalHash(value: unknown): string {
  return hash('sha256', canonicalize(value) ?? '');
}

export interface PaymentContext extends Caller {
  idempotencyTtlMs: number;
  /** The store's group commit: the payment's writes share a transaction with those of the same moment. */
  writes: GroupCommit;
}

/**
 * Creates a validated payment: a transfer of type `payment` from the payer into the app, with its line in the app's
 * wallet (payment-money.ts): counted at once, spendable once it arrives, taken back by a line of its own if it does not.
 * Replays of an idempotency key answer the first transfer; the key is only spent by a payment that was created. One
 * savepoint for all of it: the key is checked and spent together, so two requests with one key make one transfer.
 * Settles once the payment is committed.
 */
export function createPayment(
  ctx: PaymentContext,
  request: PaymentRequest,
): Promise<{ replayed: boolean; json: string }> {
  const { db, tenant, nowMs } = ctx;
  // The validated request (defaults filled in), so that leaving out a default is the same request as sending it.
  const requestHash = canonicalHash(request);

  return ctx.writes.run(() => {
    if (request.idempotency_key) {
      const previous = findIdempotencyKey(db, tenant.orgId, request.idempotency_key);
      if (previous && previous.created_ms > nowMs - ctx.idempotencyTtlMs) {
        if (previous.request_hash !== requestHash) {
          throw new DomainError(
            'conflict',
            'idempotency-key-reused',
            'This idempotency_key was used with a different request; use a new key for a new payment',
          );
        }
        const json = transferJson(db, tenant.orgId, previous.transfer_id);
        if (json !== undefined) return { replayed: true, json };
      }
    }

    const app = creditedAppOf(db, tenant.orgId, ctx.appId);
    if (!app) throw notFoundOrUnauthorized();
    const user = request.user_id ? namedUser(db, tenant.orgId, request.user_id) : undefined;
    const customer = request.customer_id ? namedCustomer(db, tenant.orgId, request.customer_id) : undefined;
    if (request.user_id && !user) throw notFoundOrUnauthorized();
    if (request.customer_id && !customer) throw notFoundOrUnauthorized();
    const created = new Date(nowMs).toISOString();

    let accountId: string;
    let last4: string;
    if (request.account_id) {
      const account = findBankAccount(db, tenant.orgId, request.account_id);
      // Stored, and the paying user's own: another user's account is as unknown as a made-up id.
      if (account?.stored !== 1 || account.user_id !== user?.id) throw notFoundOrUnauthorized();
      accountId = account.id;
      last4 = account.last4;
    } else {
      const ach = request.ach_info as AchInfo;
      accountId = uuidV7(nowMs);
      last4 = ach.account_number.slice(-4);
      // A one-off account: recorded for the transfer, not added to the user's payout methods.
      insertBankAccount(db, {
        id: accountId,
        org_id: tenant.orgId,
        user_id: user?.id ?? null,
        stored: 0,
        last4,
        routing_number: ach.routing_number,
        account_type: ach.account_type,
        created,
      });
    }

    const metadata = request.metadata === undefined ? null : JSON.stringify(request.metadata);
    const transfer: Omit<TransferRow, 'seq'> = {
      id: uuidV7(nowMs),
      org_id: tenant.orgId,
      app_id: app.id,
      user_id: user?.id ?? null,
      customer_id: customer?.id ?? null,
      status: 'created',
      type: 'payment',
      amount: request.amount,
      account_id: accountId,
      external_id: `ach_${randomHex(24)}`,
      platform: 'ach',
      metadata,
      outcome: outcomeForAccount(last4),
      failure_code: null,
      failure_message: null,
      created,
      created_ms: nowMs,
      status_changed_ms: nowMs,
    };
    insertTransfer(db, transfer);
    appendStatusHistory(db, { transfer_id: transfer.id, status: 'created', at: created });
    postPayment(db, transfer, { payer: payerName(user ?? customer), app: app.name }, nowMs);
    if (request.idempotency_key) {
      saveIdempotencyKey(db, {
        org_id: tenant.orgId,
        key: request.idempotency_key,
        request_hash: requestHash,
        transfer_id: transfer.id,
        created_ms: nowMs,
      });
    }
    return { replayed: false, json: transferJson(db, tenant.orgId, transfer.id) as string };
  });
}
