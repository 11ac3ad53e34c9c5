import { randomUUID } from 'node:crypto';
import type { PayPayable } from '../../lib/requests/accounts-payable';
import { findVendor, findVendorMethod, linkPayableTransfer, updatePayable } from '../store/accounts-payable';
import { creditedAppOf } from '../store/tenants';
import { appendStatusHistory, insertTransfer } from '../store/transfers';
import { checkMove, payableRow, payableView, withAction } from './ap-payables';
import { actingUser } from './ap-users';
import type { Caller } from './auth';
import { DomainError, notFoundOrUnauthorized } from './errors';
import { randomHex, uuidV7 } from './ids';
import { appWallet, post, requireFunds } from './ledger';
import { outcomeForAccount } from './lifecycle';

/**
 * Paying a bill: a transfer of type `payable` to the vendor's method, through the transfer lifecycle the rest of the
 * sandbox has. From the app's wallet (`dots_balance`: taken now by the one function that moves wallet money, given
 * back if the transfer fails) or by ACH debit of the app's bank (`ach`: nothing leaves the wallet). The bill says
 * `payment_initiated` until the transfer completes or fails; a bill whose payment failed is not paid again as it is
 * (its method failed): it is given another method and approved again first (payToAnotherMethod). Two pays at once: the second finds the bill no longer
 * approved, so there is one transfer. A pay whose `idempotency_key` (an extension) one of the bill's attempts already
 * has is answered with the bill as it is now, `replayed`, and moves nothing: a console that lost the first answer may
 * send the same attempt again.
 */
export function payPayable(
  { db, tenant, appId, nowMs, origin }: Caller,
  id: string,
  body: PayPayable,
): { bill: ReturnType<typeof payableView>; replayed: boolean } {
  return db.transaction(() => {
    const row = payableRow(db, tenant.orgId, id);
    const user = actingUser(db, tenant.orgId, body.acting_user_id, 'pay');
    const earlier = (JSON.parse(row.transfer_history) as { idempotency_key?: string }[]).some(
      (attempt) => body.idempotency_key !== undefined && attempt.idempotency_key === body.idempotency_key,
    );
    if (earlier) return { bill: payableView(db, row, origin), replayed: true };
    if (row.status === 'payment_failed') {
      throw new DomainError(
        'conflict',
        'payment-method-failed',
        "The bill's payment failed at its method: give it another (PATCH ap_payment_method_id), approved again, then pay",
      );
    }
    checkMove(row, 'initiate_payment');
    // A bill paid again after a failure, to the method it was approved to since.
    const retry = (JSON.parse(row.transfer_history) as unknown[]).length > 0;
    const vendor = row.vendor_id ? findVendor(db, tenant.orgId, row.vendor_id) : undefined;
    const method = row.payment_method_id
      ? findVendorMethod(db, tenant.orgId, row.payment_method_id)
      : undefined;
    if (!vendor || !method || row.amount === null) {
      throw new DomainError(
        'conflict',
        'payable-method-gone',
        "The bill's vendor or payment method was deleted: cancel it and make a new one",
      );
    }
    const app = creditedAppOf(db, tenant.orgId, row.app_id) ?? creditedAppOf(db, tenant.orgId, appId);
    if (!app) throw notFoundOrUnauthorized();
    const amount = row.amount;
    const funded = row.funding_source === 'dots_balance';
    if (funded) {
      requireFunds(db, tenant.orgId, appWallet(app.id), amount, `The app's wallet (${app.name})`);
    }
    const at = new Date(nowMs).toISOString();
    const transferId = uuidV7(nowMs);
    const key = body.idempotency_key ?? randomUUID();
    insertTransfer(db, {
      id: transferId,
      org_id: tenant.orgId,
      app_id: app.id,
      user_id: null,
      customer_id: null,
      status: 'created',
      type: 'payable',
      amount,
      account_id: method.id,
      external_id: `ach_${randomHex(24)}`,
      platform: 'ach',
      metadata: JSON.stringify({ payable_id: row.id, payable_number: row.number, vendor: vendor.name }),
      outcome: outcomeForAccount(method.last4),
      failure_code: null,
      failure_message: null,
      created: at,
      created_ms: nowMs,
      status_changed_ms: nowMs,
      payout_link_id: null,
      funded: funded ? 1 : 0,
      payout_batch_id: null,
      idempotency_key: key,
    });
    appendStatusHistory(db, { transfer_id: transferId, status: 'created', at });
    // From the wallet, the ledger's one writer takes it (a line of the vendor's type `payout`: money out to a payee);
    // by ACH debit nothing in a wallet moves, so there is no line.
    if (funded) {
      post({
        db,
        orgId: tenant.orgId,
        transferId,
        nowMs,
        // The line's type is the vendor's (`payout`); this says it is a bill's, so that the ledger names it as one.
        metadata: JSON.stringify({ payable_id: row.id }),
        lines: [
          {
            wallet: appWallet(app.id),
            amount: -amount,
            type: 'payout',
            source_name: app.name,
            destination_name: `${vendor.name} ${method.name} •••• ${method.last4}`,
          },
        ],
      });
    }
    linkPayableTransfer(db, transferId, row.id);
    const attempts = JSON.parse(row.transfer_history) as unknown[];
    attempts.push({ transfer_id: transferId, idempotency_key: key, created_timestamp: at });
    updatePayable(db, row.id, {
      ...withAction(row, user, retry ? 'retry_payment' : 'initiate_payment', at, null, 'payment_initiated'),
      transfer_id: transferId,
      transfer_history: JSON.stringify(attempts),
    });
    return { bill: payableView(db, payableRow(db, tenant.orgId, row.id), origin), replayed: false };
  })();
}
