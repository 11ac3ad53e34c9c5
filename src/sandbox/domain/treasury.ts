import { describeAccount } from '../../lib/mask';
import type { AchAccountRequest, AppSettingsRequest, WalletAmountRequest } from '../../lib/requests/wallets';
import type { Db } from '../store/db';
import { paymentsOnTheirWay, usersWallets } from '../store/ledger';
import { findApp, findAppAnyTenant, getOrganization, insertBankAccount, listApps } from '../store/tenants';
import { appendStatusHistory, insertTransfer, transferJson } from '../store/transfers';
import {
  type AppSettingsRow,
  appSettings,
  pendingDeposits,
  saveAppSettings,
  spendTransferKey,
  transferKeyTransfer,
} from '../store/treasury';
import { outcomeForAccount } from './ach-outcomes';
import type { Caller, HelperCaller } from './auth';
import { achAccountOf, makeDeposit } from './deposits';
import { DomainError, found } from './errors';
import { randomHex, uuidV7 } from './ids';
import { appWallet, balanceOf, organizationWallet, post, requireFunds } from './ledger';

/**
 * An app's treasury: its ACH account (answered as mask and name only), its settings with auto-refill, deposits from
 * that account and withdrawals to it (docs/sandbox.md, "Wallets and the ledger").
 */

function defaults(appId: string): AppSettingsRow {
  return {
    app_id: appId,
    ach_account_id: null,
    ach_account_name: null,
    payout_options_exclude_list: '[]',
    auto_refill_active: 0,
    refill_amount: null,
    refill_threshold: null,
  };
}

/** A key used before is refused, as the vendor's transfers and payouts refuse it. */
export function refuseUsedKey(db: Db, orgId: string, key: string | null | undefined): void {
  if (!key) return;
  const used = transferKeyTransfer(db, orgId, key);
  if (used) {
    throw new DomainError(
      'conflict',
      'idempotency-key-used',
      `A transfer with this idempotency_key was made already (transfer ${used}): a key is never used twice`,
      [{ path: 'idempotency_key', message: 'Already used' }],
    );
  }
}

export function achAccountView({ db, tenant }: Caller, appId: string) {
  const app = found(findApp(db, tenant.orgId, appId));
  const { account, name } = achAccountOf(db, tenant.orgId, app.id);
  return { mask: account.last4, name };
}

function achAccountOrNull(db: Db, orgId: string, appId: string): { mask: string; name: string } | null {
  try {
    const { account, name } = achAccountOf(db, orgId, appId);
    return { mask: account.last4, name };
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/** Sets (or replaces) the app's ACH account; only its last four digits are kept, never the number. */
export function setAchAccount({ db, tenant, nowMs }: Caller, appId: string, body: AchAccountRequest) {
  const app = found(findApp(db, tenant.orgId, appId));
  return db.transaction(() => {
    const id = uuidV7(nowMs);
    const last4 = body.account_number.slice(-4);
    insertBankAccount(db, {
      id,
      org_id: tenant.orgId,
      user_id: null,
      stored: 0,
      last4,
      routing_number: body.routing_number,
      account_type: body.account_type,
      created: new Date(nowMs).toISOString(),
    });
    const name = describeAccount(body.account_type, last4);
    saveAppSettings(db, {
      ...(appSettings(db, app.id) ?? defaults(app.id)),
      ach_account_id: id,
      ach_account_name: name,
    });
    return { mask: last4, name };
  })();
}

function settingsView(row: AppSettingsRow) {
  return {
    payout_options_exclude_list: JSON.parse(row.payout_options_exclude_list) as string[],
    auto_refill_active: row.auto_refill_active === 1,
    ...(row.refill_amount !== null ? { refill_amount: row.refill_amount } : {}),
    ...(row.refill_threshold !== null ? { refill_threshold: row.refill_threshold } : {}),
  };
}

/** The app's settings now (an extension: the vendor only has the change). */
export function appSettingsOf({ db, tenant }: Caller, appId: string) {
  const app = found(findApp(db, tenant.orgId, appId));
  return settingsView(appSettings(db, app.id) ?? defaults(app.id));
}

/** Changes what is given; auto-refill on needs a refill amount and threshold, given now or before. */
export function changeSettings({ db, tenant }: Caller, appId: string, body: AppSettingsRequest) {
  const app = found(findApp(db, tenant.orgId, appId));
  return db.transaction(() => {
    const before = appSettings(db, app.id) ?? defaults(app.id);
    const next: AppSettingsRow = {
      ...before,
      ...(body.payout_options_exclude_list
        ? { payout_options_exclude_list: JSON.stringify(body.payout_options_exclude_list) }
        : {}),
      ...(body.auto_refill_active !== undefined
        ? { auto_refill_active: body.auto_refill_active ? 1 : 0 }
        : {}),
      ...(body.refill_amount !== undefined ? { refill_amount: body.refill_amount } : {}),
      ...(body.refill_threshold !== undefined ? { refill_threshold: body.refill_threshold } : {}),
    };
    if (next.auto_refill_active && (next.refill_amount === null || next.refill_threshold === null)) {
      const path = next.refill_amount === null ? 'refill_amount' : 'refill_threshold';
      throw new DomainError(
        'invalid',
        'validation-failed',
        'Auto-refill needs a refill amount and a threshold',
        [{ path, message: 'Required when auto_refill_active is true' }],
      );
    }
    saveAppSettings(db, next);
    return settingsView(next);
  })();
}

function metadataText(metadata: unknown): string | null {
  return metadata === undefined || metadata === null ? null : JSON.stringify(metadata);
}

/** POST /v2/apps/{app_id}/deposit: a deposit from the app's ACH account, pending until it completes. */
export function deposit(ctx: Caller, appId: string, body: WalletAmountRequest): string {
  const { db, tenant, nowMs } = ctx;
  const app = found(findApp(db, tenant.orgId, appId));
  return db.transaction(() => {
    refuseUsedKey(db, tenant.orgId, body.idempotency_key);
    const id = makeDeposit(db, {
      orgId: tenant.orgId,
      appId: app.id,
      amount: body.amount,
      nowMs,
      key: body.idempotency_key ?? null,
      metadata: metadataText(body.metadata),
      movement: 'deposit',
    });
    return transferJson(db, tenant.orgId, id) as string;
  })();
}

/**
 * POST /v2/apps/{app_id}/withdraw: money out of the app's wallet to its own ACH account, and nowhere else; a `refill`
 * of a negative amount, taken from the wallet at once and put back if the bank refuses it.
 */
export function withdraw(ctx: Caller, appId: string, body: WalletAmountRequest): string {
  const { db, tenant, nowMs } = ctx;
  const app = found(findApp(db, tenant.orgId, appId));
  return db.transaction(() => {
    refuseUsedKey(db, tenant.orgId, body.idempotency_key);
    const { account, name } = achAccountOf(db, tenant.orgId, app.id);
    requireFunds(db, tenant.orgId, appWallet(app.id), body.amount, `The app's wallet (${app.name})`);
    const created = new Date(nowMs).toISOString();
    const id = uuidV7(nowMs);
    const metadata = metadataText(body.metadata);
    insertTransfer(db, {
      id,
      org_id: tenant.orgId,
      app_id: app.id,
      user_id: null,
      customer_id: null,
      status: 'created',
      type: 'refill',
      amount: -body.amount,
      account_id: account.id,
      external_id: `ach_${randomHex(24)}`,
      platform: 'ach',
      metadata,
      outcome: outcomeForAccount(account.last4),
      failure_code: null,
      failure_message: null,
      created,
      created_ms: nowMs,
      status_changed_ms: nowMs,
      idempotency_key: body.idempotency_key ?? null,
      movement: 'withdrawal',
    });
    appendStatusHistory(db, { transfer_id: id, status: 'created', at: created });
    post({
      db,
      orgId: tenant.orgId,
      transferId: id,
      nowMs,
      metadata,
      lines: [
        {
          wallet: appWallet(app.id),
          amount: -body.amount,
          type: 'refill',
          source_name: app.name,
          destination_name: name,
        },
      ],
    });
    if (body.idempotency_key) spendTransferKey(db, tenant.orgId, body.idempotency_key, id);
    return transferJson(db, tenant.orgId, id) as string;
  })();
}

/**
 * A sandbox helper, for tests only: money into an app's wallet at once, as a deposit that completed (the service has
 * no such thing: its money comes by deposits that take their time).
 */
export function refillAppWallet({ db, nowMs }: HelperCaller, appId: string, cents: number) {
  const app = findAppAnyTenant(db, appId);
  if (!app) throw new DomainError('not-found', 'app-not-found', 'No app has this id');
  return db.transaction(() => {
    const created = new Date(nowMs).toISOString();
    const id = uuidV7(nowMs);
    insertTransfer(db, {
      id,
      org_id: app.org_id,
      app_id: app.id,
      user_id: null,
      customer_id: null,
      status: 'completed',
      type: 'refill',
      amount: cents,
      account_id: null,
      external_id: null,
      platform: null,
      metadata: JSON.stringify({ sandbox_refill: true }),
      outcome: 'success',
      failure_code: null,
      failure_message: null,
      created,
      created_ms: nowMs,
      status_changed_ms: nowMs,
      movement: 'deposit',
    });
    appendStatusHistory(db, { transfer_id: id, status: 'completed', at: created });
    post({
      db,
      orgId: app.org_id,
      transferId: id,
      nowMs,
      metadata: JSON.stringify({ sandbox_refill: true }),
      lines: [
        {
          wallet: appWallet(app.id),
          amount: cents,
          type: 'refill',
          source_name: 'Sandbox refill',
          destination_name: app.name,
        },
      ],
    });
    return { app_id: app.id, wallet_balance: balanceOf(db, app.org_id, appWallet(app.id)), transfer_id: id };
  })();
}

/** An extension: the organization's wallets (its own and each app's) with what is on its way in and what may be spent. */
export function walletsOf({ db, tenant }: Caller) {
  const organization = found(getOrganization(db, tenant.orgId));
  const pending = pendingDeposits(db, tenant.orgId);
  const pendingOf = (appId: string) => pending.filter((row) => row.app_id === appId);
  return {
    organization: {
      id: organization.id,
      name: organization.name,
      balance: balanceOf(db, tenant.orgId, organizationWallet(organization.id)),
    },
    apps: listApps(db, tenant.orgId).map((app) => {
      const payments = paymentsOnTheirWay(db, app.id);
      return {
        id: app.id,
        name: app.name,
        balance: app.balance,
        // The vendor's wallet tells these apart: every line counts in `balance` (its `amount`), and only money that has
        // arrived in what the app may spend; the payments between the two are said beside them.
        withdrawable_amount: app.balance - payments.amount,
        pending_payments: payments.amount,
        pending_payment_count: payments.count,
        // Its bank account (mask and name) or null: the Treasury learns there is none without a request refused.
        ach_account: achAccountOrNull(db, tenant.orgId, app.id),
        pending_deposits: pendingOf(app.id).reduce((sum, row) => sum + row.amount, 0),
        pending_deposit_count: pendingOf(app.id).length,
        pending: pendingOf(app.id).map((row) => ({
          id: row.id,
          amount: row.amount,
          status: row.status,
          created: row.created,
          auto_refill: row.movement === 'auto-refill',
        })),
      };
    }),
    // The users' wallets are the organization's ledger too (its all-wallets totals count their lines): their sum, so
    // that the Treasury and the ledger reconcile to the cent.
    users: usersWallets(db, tenant.orgId),
  };
}
