import { describeAccount } from '../../lib/mask';
import type { Db } from '../store/db';
import { cachedBalance } from '../store/ledger';
import { findBankAccount } from '../store/tenants';
import { appendStatusHistory, insertTransfer } from '../store/transfers';
import { appSettings, pendingAutoRefill, spendTransferKey } from '../store/treasury';
import { outcomeForAccount } from './ach-outcomes';
import { DomainError } from './errors';
import { randomHex, uuidV7 } from './ids';

/**
 * Money into an app's wallet from its ACH account (a deposit, the vendor's transfer type `refill`): pending at first,
 * spendable when it completes (lifecycle.ts writes its line then), taken back with a line of its own when the bank
 * returns it. An app's own account that ends in 0001 returns its deposits (R01) after they complete, as a debit of a
 * short account does; the other test endings do what they do for any ACH transfer.
 */

export function depositOutcome(last4: string): string {
  return last4 === '0001' ? 'reverse:R01' : outcomeForAccount(last4);
}

/** The app's ACH account (its bank_accounts row), or the refusal that says to add one. */
export function achAccountOf(db: Db, orgId: string, appId: string) {
  const settings = appSettings(db, appId);
  const account = settings?.ach_account_id ? findBankAccount(db, orgId, settings.ach_account_id) : undefined;
  if (!settings || !account) {
    throw new DomainError(
      'invalid',
      'no-ach-account',
      'The app has no ACH account: add one (PUT /v2/apps/{app_id}/ach-account) first',
      [{ path: 'app_id', message: 'No ACH account' }],
    );
  }
  // An account set without a name is named as setting one names it: the ledger's lines say the same words.
  return { account, name: settings.ach_account_name ?? describeAccount(account.account_type, account.last4) };
}

export interface DepositOrder {
  orgId: string;
  appId: string;
  amount: number;
  nowMs: number;
  key: string | null;
  metadata: string | null;
  movement: 'deposit' | 'auto-refill';
}

/** Starts a deposit: a `refill` transfer from the app's ACH account, created, with no line until it completes. */
export function makeDeposit(db: Db, order: DepositOrder): string {
  const { account } = achAccountOf(db, order.orgId, order.appId);
  const created = new Date(order.nowMs).toISOString();
  const id = uuidV7(order.nowMs);
  insertTransfer(db, {
    id,
    org_id: order.orgId,
    app_id: order.appId,
    user_id: null,
    customer_id: null,
    status: 'created',
    type: 'refill',
    amount: order.amount,
    account_id: account.id,
    external_id: `ach_${randomHex(24)}`,
    platform: 'ach',
    metadata: order.metadata,
    outcome: depositOutcome(account.last4),
    failure_code: null,
    failure_message: null,
    created,
    created_ms: order.nowMs,
    status_changed_ms: order.nowMs,
    idempotency_key: order.key,
    movement: order.movement,
  });
  appendStatusHistory(db, { transfer_id: id, status: 'created', at: created });
  if (order.key) spendTransferKey(db, order.orgId, order.key, id);
  return id;
}

/**
 * Auto-refill: an app whose wallet a movement took under its threshold gets one deposit of its refill amount, and no
 * other while that one is on its way. Without an ACH account nothing happens (there is nothing to pull from).
 */
export function autoRefill(db: Db, orgId: string, appId: string, nowMs: number): void {
  const settings = appSettings(db, appId);
  if (!settings?.auto_refill_active || settings.refill_amount === null || settings.refill_threshold === null)
    return;
  if (!settings.ach_account_id) return;
  const balance = cachedBalance(db, { kind: 'app', id: appId }, orgId);
  if (balance >= settings.refill_threshold || pendingAutoRefill(db, orgId, appId)) return;
  makeDeposit(db, {
    orgId,
    appId,
    amount: settings.refill_amount,
    nowMs,
    key: null,
    metadata: JSON.stringify({ auto_refill: true }),
    movement: 'auto-refill',
  });
}
