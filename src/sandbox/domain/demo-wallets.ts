import type { Db } from '../store/db';
import { findTransferAnyTenant } from '../store/transfers';
import type { Tenant } from './auth';
import { transition } from './lifecycle';
import { transferBatchNow } from './transfer-batches';
import { changeSettings, deposit, setAchAccount, withdraw } from './treasury';
import { createOrganizationTransfer, createTransfer } from './wallet-transfers';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's treasury history, made through the functions the API runs: each app's bank account, deposits that
 * completed and one the bank returned (R01, the second app's account), a withdrawal, organization transfers both
 * ways, users' wallets paid from the app and a transfer batch, auto-refill set on the first app. Runs in the caller's
 * transaction, after the demo's payouts (demo-payouts.ts) funded the first app.
 */
export function seedDemoWallets(
  db: Db,
  tenant: Tenant,
  apps: readonly { id: string }[],
  users: readonly { id: string }[],
  nowMs: number,
): void {
  const [first, second] = apps;
  if (!first || !second || users.length < 4) return;
  // An hour before this moment, that many days ago: never after the seed's now (a pending deposit made "today" is not
  // dated this evening).
  const at = (daysAgo: number) => nowMs - daysAgo * DAY - 3600_000;
  const ctx = (daysAgo: number, appId = first.id) => ({ db, tenant, appId, nowMs: at(daysAgo) });
  const settle = (id: string, daysAgo: number, steps: number) => {
    for (let step = 0; step < steps; step++) {
      const row = findTransferAnyTenant(db, id);
      if (!row) return;
      const to = row.status === 'created' ? 'pending' : row.status === 'pending' ? 'completed' : 'reversed';
      transition(db, row, to, at(daysAgo - step * 0.1));
    }
  };
  const idOf = (json: string) => (JSON.parse(json) as { id: string }).id;
  setAchAccount(ctx(29), first.id, {
    account_number: '000123456789',
    routing_number: '021000021',
    account_type: 'checking',
  });
  setAchAccount(ctx(29), second.id, {
    account_number: '000987650001',
    routing_number: '011000015',
    account_type: 'savings',
  });
  for (const [daysAgo, amount] of [
    [28, 5_000_000],
    [14, 2_500_000],
    [3, 1_200_000],
  ] as const) {
    settle(idOf(deposit(ctx(daysAgo), first.id, { amount })), daysAgo - 1, 2);
  }
  // A deposit waiting to complete, and one the bank returned after it completed.
  deposit(ctx(0), first.id, { amount: 750_000 });
  settle(idOf(deposit(ctx(20, second.id), second.id, { amount: 300_000 })), 19, 3);
  settle(idOf(withdraw(ctx(10), first.id, { amount: 400_000 })), 9, 2);
  createOrganizationTransfer(ctx(21), { amount: 1_000_000, api_app_id: first.id });
  createOrganizationTransfer(ctx(7), { amount: -250_000, api_app_id: second.id });
  users.slice(0, 4).forEach((user, index) => {
    createTransfer(ctx(12 - index), { amount: -(5_000 + index * 2_500), user_id: user.id });
  });
  transferBatchNow(ctx(5), {
    items: users
      .slice(4, 16)
      // Integer cents: $10.00, $11.00, … each.
      .map((user, index) => ({ amount: -(1_000 + index * 100), user_id: user.id, metadata: { week: '47' } })),
    metadata: { file: 'weekly-bonus.csv' },
  });
  // Within the demo team's rules as shown: a refill of $1,000.00, not above the approval limit (server/members/demo.ts),
  // so that the Treasury's refill settings can be saved as they are.
  changeSettings(ctx(1), first.id, {
    auto_refill_active: true,
    refill_amount: 100_000,
    refill_threshold: 500_000,
  });
}
