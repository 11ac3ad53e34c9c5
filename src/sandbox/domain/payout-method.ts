import { randomUUID } from 'node:crypto';
import { describePayoutMethod } from '../../lib/payout-methods';
import type { AddPayoutMethod } from '../../lib/requests/payout-methods';
import type { Db } from '../store/db';
import {
  insertPayoutMethod,
  type PayoutMethodRow,
  setDefaultMethod,
  walletMethodsOf,
} from '../store/payouts';
import { type BankAccountRow, insertBankAccount, listStoredAccounts, type UserRow } from '../store/tenants';

/** The vendor's `payment-method` shape (+ extension `account_type`); the description never holds the number. */
export function payoutMethodView(account: { id: string; last4: string; account_type: string }) {
  const kind = account.account_type === 'savings' ? 'Savings' : 'Checking';
  return {
    id: account.id,
    platform: 'ach' as const,
    description: `${kind} account ending in ${account.last4}`,
    mask: account.last4,
    account_type: account.account_type,
  };
}

/** A PayPal, Venmo or Cash App method as the vendor lists one: its address, phone, handle or cash tag. */
export function walletMethodView(row: PayoutMethodRow) {
  const fields = {
    email: row.email ?? undefined,
    phone_number: row.phone_number ?? undefined,
    handle: row.handle ?? undefined,
    cash_tag: row.cash_tag ?? undefined,
  };
  return {
    id: row.id,
    platform: row.platform,
    description: describePayoutMethod({ platform: row.platform, ...fields }),
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
  };
}

export type PayoutMethodView = ReturnType<typeof payoutMethodView> | ReturnType<typeof walletMethodView>;

/** Every payout method of a user: stored bank accounts first, then wallets; the default marked (an extension). */
export function payoutMethodsOf(db: Db, user: Pick<UserRow, 'id'> & { default_method_id?: string | null }) {
  const all: (PayoutMethodView & { is_default?: boolean })[] = [
    ...listStoredAccounts(db, user.id).map(payoutMethodView),
    ...walletMethodsOf(db, user.id).map(walletMethodView),
  ];
  const defaultId = user.default_method_id ?? all[0]?.id;
  return all.map((method) => (method.id === defaultId ? { ...method, is_default: true } : method));
}

/** The user's method a payout on this platform goes to: the one named, else the first of that platform. */
export function methodFor(
  db: Db,
  user: Pick<UserRow, 'id'> & { default_method_id?: string | null },
  platform: string,
  accountId: string | undefined,
): PayoutMethodView | undefined {
  const methods = payoutMethodsOf(db, user);
  if (platform === 'default') return methods.find((m) => m.is_default);
  const rail = platform === 'bank_transfer' ? 'ach' : platform;
  if (accountId) return methods.find((m) => m.id === accountId && m.platform === rail);
  if (rail === 'ach') return undefined;
  return methods.find((m) => m.platform === rail);
}

/** Adds a payout method to a user (a bank account keeps its last four digits only); answers what it added. */
export function addPayoutMethod(
  db: Db,
  orgId: string,
  userId: string,
  body: AddPayoutMethod,
  created: string,
) {
  const id = randomUUID();
  let view: PayoutMethodView;
  if (body.platform === 'ach') {
    const account: BankAccountRow = {
      id,
      org_id: orgId,
      user_id: userId,
      stored: 1,
      last4: (body.account_number ?? '').slice(-4),
      routing_number: body.routing_number ?? '',
      account_type: body.account_type ?? 'checking',
      created,
    };
    insertBankAccount(db, account);
    view = payoutMethodView(account);
  } else {
    const row = {
      id,
      org_id: orgId,
      user_id: userId,
      platform: body.platform,
      email: body.platform === 'paypal' ? (body.email ?? null) : null,
      phone_number: body.platform === 'venmo' ? (body.phone_number ?? null) : null,
      handle: body.platform === 'venmo' ? (body.handle?.replace(/^@/, '') ?? null) : null,
      cash_tag: body.platform === 'cash_app' ? `$${(body.cash_tag ?? '').replace(/^\$/, '')}` : null,
      created,
    };
    insertPayoutMethod(db, row);
    view = walletMethodView({ ...row, seq: 0 });
  }
  if (body.is_default) setDefaultMethod(db, userId, id);
  return view;
}
