import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db';
import { creditedAppOf } from '../store/tenants';
import type { Tenant } from './auth';
import { openingBalance } from './ledger';
import { cancelPayoutLink, claimPayoutLink, createPayoutLink, expirePayoutLink } from './payout-links';
import { addPayoutMethod } from './payout-method';
import { createPayoutRequest, decideRequest } from './payout-requests';
import { createPayout } from './payouts';
import type { PopulatedUser } from './populate';

const DAY = 24 * 60 * 60 * 1000;

/** The demo's first app's wallet: enough to pay out for weeks. */
export const DEMO_WALLET_CENTS = 25_000_000;

/**
 * Money out in the demo, made through the same functions the API runs: a funded wallet, users with each kind of
 * payout method (PayPal, Venmo, Cash App besides their bank accounts), payouts of the last two weeks, payout links in
 * several states (delivered, claimed, expired, canceled, bounced, a link to copy) and payout requests waiting and
 * decided. Runs in the caller's transaction.
 */
export function seedDemoPayouts(
  db: Db,
  tenant: Tenant,
  apps: readonly { id: string }[],
  users: readonly PopulatedUser[],
  nowMs: number,
): void {
  const appId = apps[0]?.id;
  if (!appId) return;
  const app = creditedAppOf(db, tenant.orgId, appId);
  openingBalance(
    db,
    tenant.orgId,
    { id: appId, name: app?.name ?? 'App' },
    DEMO_WALLET_CENTS,
    nowMs - 30 * DAY,
  );
  const created = new Date(nowMs - 30 * DAY).toISOString();
  const payable = users.filter((user) => user.status !== 'disabled').slice(0, 24);
  payable.forEach((user, index) => {
    const handle = `${user.first_name}-${user.last_name}`.toLowerCase().replace(/[^a-z-]/g, '');
    const kind = index % 4;
    if (kind === 0)
      addPayoutMethod(
        db,
        tenant.orgId,
        user.id,
        { platform: 'paypal', email: user.email, is_default: true },
        created,
      );
    if (kind === 1)
      addPayoutMethod(db, tenant.orgId, user.id, { platform: 'venmo', handle, is_default: true }, created);
    if (kind === 2) {
      addPayoutMethod(
        db,
        tenant.orgId,
        user.id,
        { platform: 'cash_app', cash_tag: `$${handle.replaceAll('-', '').slice(0, 19)}` },
        created,
      );
    }
  });
  // Payouts of the last two weeks, to each kind of method; the settle clock moves them on as it does payments.
  payable.slice(0, 12).forEach((user, index) => {
    const platform = (['paypal', 'venmo', 'cash_app', 'ach'] as const)[index % 4] ?? 'paypal';
    if (platform === 'ach' && !user.payout_methods[0]) return;
    createPayout(
      { db, tenant, appId, nowMs: nowMs - (14 - index) * DAY },
      {
        user_id: user.id,
        amount: 2_500 + index * 1_337,
        platform,
        ...(platform === 'ach' ? { account_id: user.payout_methods[0]?.id } : {}),
        fund: true,
        idempotency_key: randomUUID(),
        metadata: { invoice: `PAY-${4100 + index}` },
      },
    );
  });
  const link = (daysAgo: number, amount: number, body: object) =>
    createPayoutLink({ db, tenant, appId, nowMs: nowMs - daysAgo * DAY }, { amount, ...body }).link;
  link(1, 12_000, {
    payee: { first_name: 'Rae', last_name: 'Okoro', email: 'rae.okoro@example.com' },
    delivery: { method: 'email' },
    memo: 'Logo design, November',
  });
  link(0, 4_500, { delivery: { method: 'link' }, memo: 'Referral bonus' });
  link(2, 30_000, {
    payee: { email: 'bounce@mail.invalid' },
    delivery: { method: 'email' },
    memo: 'Photography',
  });
  const claimed = link(6, 8_800, {
    payee: { first_name: 'Tom', last_name: 'Baker', email: 'tom.baker@example.com' },
    delivery: { method: 'email' },
    memo: 'Delivery runs',
  });
  claimPayoutLink({ db, nowMs: nowMs - 5 * DAY }, new URL(String(claimed.link)).pathname.slice(1), {
    platform: 'paypal',
    email: 'tom.baker@example.com',
  });
  const expired = link(40, 6_000, {
    payee: { country_code: '1', phone_number: '4155550177' },
    delivery: { method: 'sms' },
    memo: 'October tips',
  });
  expirePayoutLink({ db, nowMs: nowMs - 10 * DAY }, expired.id);
  const canceled = link(9, 15_000, {
    payee: { email: 'lena.fox@example.com' },
    delivery: { method: 'email' },
    memo: 'Sent twice by mistake',
  });
  cancelPayoutLink({ db, tenant, appId, nowMs: nowMs - 8 * DAY }, canceled.id);
  // Payout requests: two waiting, one approved (its payee sent a link), one rejected.
  const request = (daysAgo: number, body: object) =>
    createPayoutRequest({ db, tenant, appId, nowMs: nowMs - daysAgo * DAY }, { amount: 0, ...body } as never);
  request(1, { amount: 42_000, user_id: payable[3]?.id, memo: 'March invoice' });
  request(0, {
    amount: 7_500,
    payee: { country_code: '1', phone_number: '4155550142' },
    memo: 'Event staffing',
  });
  decideRequest(
    { db, nowMs: nowMs - 3 * DAY },
    request(4, { amount: 9_900, user_id: payable[5]?.id, memo: 'Mileage' }).id,
    'approved',
  );
  decideRequest(
    { db, nowMs: nowMs - 4 * DAY },
    request(5, { amount: 120_000, user_id: payable[6]?.id, memo: 'Duplicate of PAY-4102' }).id,
    'rejected',
  );
}
