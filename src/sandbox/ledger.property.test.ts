import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './app';
import type { CreatedTenant } from './domain/tenant-factory';
import type { Db } from './store/db';
import { sumsByWallet } from './store/ledger';
import { basic } from './test/harness';

/** Test accounts whose payments arrive, fail (R01) or are returned after they arrive (R10). */
const PAYMENT_ACCOUNTS = { arrives: '900000123', fails: '900000001', returned: '900000010' } as const;

/** Each app wallet's lines, less those of payments still on their way: the money that has arrived. */
function arrivedByWallet(db: Db): { id: string; sum: number }[] {
  return db
    .prepare(
      `SELECT x.wallet_id AS id, sum(x.amount) AS sum FROM transactions x
       LEFT JOIN transfers t ON t.id = x.transfer_id
       WHERE x.wallet_kind = 'app' AND NOT (t.type IS 'payment' AND t.status IN ('created', 'pending', 'flagged'))
       GROUP BY x.wallet_id`,
    )
    .all() as { id: string; sum: number }[];
}

/**
 * The ledger's invariant, over random sequences of every movement the sandbox has (deposits and their returns,
 * withdrawals, transfers both ways, organization transfers, transfer batches, payouts from the app's wallet and the
 * user's, payments that arrive, fail or are returned, cancels and settle steps of whatever is on its way, payout links
 * held and canceled): every balance is the sum of its wallet's lines at every moment, what an app may spend is exactly
 * what has arrived (a payment's line counts at once, its money only once it completes), and no wallet that pays goes
 * below zero, except an app's by a deposit or a payment returned after it arrived.
 */

type Op =
  | { kind: 'deposit'; amount: number }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'transfer'; user: number; amount: number }
  | { kind: 'org'; amount: number }
  | { kind: 'batch'; amounts: number[] }
  | { kind: 'payout'; user: number; amount: number; fund: boolean }
  | { kind: 'payment'; amount: number; outcome: 'arrives' | 'fails' | 'returned' }
  | { kind: 'cancel' }
  | { kind: 'link'; amount: number; cancel: boolean }
  | { kind: 'settle' };

const cents = fc.integer({ min: 1, max: 60_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: cents }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: cents }),
  fc.record({
    kind: fc.constant('transfer' as const),
    user: fc.nat(1),
    amount: fc.integer({ min: -60_000, max: 60_000 }).filter((n) => n !== 0),
  }),
  fc.record({
    kind: fc.constant('org' as const),
    amount: fc.integer({ min: -60_000, max: 60_000 }).filter((n) => n !== 0),
  }),
  fc.record({
    kind: fc.constant('batch' as const),
    amounts: fc.array(
      fc.integer({ min: -30_000, max: 30_000 }).filter((n) => n !== 0),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  fc.record({ kind: fc.constant('payout' as const), user: fc.nat(1), amount: cents, fund: fc.boolean() }),
  fc.record({
    kind: fc.constant('payment' as const),
    amount: cents,
    outcome: fc.constantFrom('arrives' as const, 'fails' as const, 'returned' as const),
  }),
  fc.record({ kind: fc.constant('cancel' as const) }),
  fc.record({ kind: fc.constant('link' as const), amount: cents, cancel: fc.boolean() }),
  fc.record({ kind: fc.constant('settle' as const) }),
);

describe('the ledger', () => {
  it('every balance is the sum of its lines, and spendable is what has arrived, after any sequence; only a return overdraws', async () => {
    const sandbox = createSandbox({ config: { dbFile: ':memory:', settleMs: 0 } });
    const call = async (tenant: CreatedTenant | null, method: string, path: string, body?: unknown) => {
      const response = await sandbox.app.request(path, {
        method,
        headers: {
          ...(tenant ? { Authorization: basic(tenant) } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(500);
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(op, { minLength: 5, maxLength: 30 }),
          fc.boolean(),
          async (ops, shortAccount) => {
            const tenant = (await call(null, 'POST', '/sandbox/tenants', {})).body as CreatedTenant;
            const app = tenant.apps[0]?.id as string;
            // Half the runs pull deposits from an account whose deposits come back (R01) after they complete.
            await call(tenant, 'PUT', `/v2/apps/${app}/ach-account`, {
              account_number: shortAccount ? '900000001' : '900000123',
              routing_number: '021000021',
              account_type: 'checking',
            });
            await call(tenant, 'POST', `/v2/apps/${app}/change_settings`, {
              auto_refill_active: true,
              refill_amount: 20_000,
              refill_threshold: 1_000,
            });
            const open = new Set<string>();
            // A deposit or a payment returned after it arrived may take an app's wallet below zero.
            let returned = false;
            // The invariants hold at every moment, not only at the end: checked after each step.
            const check = async () => {
              const { db } = sandbox.services;
              const sums = new Map(sumsByWallet(db).map((row) => [row.id, row.sum]));
              const wallets = (await call(tenant, 'GET', '/v2/wallets')).body;
              const organization = (await call(tenant, 'GET', '/v2/organizations')).body;
              expect(wallets.organization.id).toBe(tenant.organization.id);
              expect(wallets.organization.balance).toBe(sums.get(tenant.organization.id) ?? 0);
              expect(wallets.organization.balance).toBeGreaterThanOrEqual(0);
              let total = wallets.organization.balance;
              const arrived = new Map(arrivedByWallet(db).map((row) => [row.id, row.sum]));
              for (const wallet of wallets.apps as {
                id: string;
                balance: number;
                withdrawable_amount: number;
              }[]) {
                expect(wallet.balance).toBe(sums.get(wallet.id) ?? 0);
                // What may be spent is exactly what has arrived: every line but those of payments on their way.
                expect(wallet.withdrawable_amount).toBe(arrived.get(wallet.id) ?? 0);
                expect(wallet.withdrawable_amount).toBeLessThanOrEqual(wallet.balance);
                if (!returned) expect(wallet.withdrawable_amount).toBeGreaterThanOrEqual(0);
                total += wallet.balance;
              }
              expect(organization.balance).toBe(total);
              for (const person of tenant.users) {
                const read = (await call(tenant, 'GET', `/v2/users/${person.id}`)).body;
                expect(read.wallet.amount).toBe(sums.get(person.id) ?? 0);
                expect(read.wallet.amount).toBeGreaterThanOrEqual(0);
              }
            };
            for (const step of ops) {
              const user = (index: number) => tenant.users[index]?.id;
              let made: { status: number; body: { id?: string } } | undefined;
              switch (step.kind) {
                case 'deposit':
                  made = await call(tenant, 'POST', `/v2/apps/${app}/deposit`, { amount: step.amount });
                  break;
                case 'withdraw':
                  made = await call(tenant, 'POST', `/v2/apps/${app}/withdraw`, { amount: step.amount });
                  break;
                case 'transfer':
                  await call(tenant, 'POST', '/v2/transfers', {
                    amount: step.amount,
                    user_id: user(step.user),
                  });
                  break;
                case 'org':
                  await call(tenant, 'POST', '/v2/organization-transfers', {
                    amount: step.amount,
                    api_app_id: app,
                  });
                  break;
                case 'batch':
                  await call(tenant, 'POST', '/v2/transfer-batches', {
                    items: step.amounts.map((amount, i) => ({ amount, user_id: user(i % 2) })),
                  });
                  break;
                case 'payout':
                  made = await call(tenant, 'POST', '/v2/payouts', {
                    user_id: user(step.user),
                    amount: step.amount,
                    platform: 'paypal',
                    fund: step.fund,
                  });
                  break;
                case 'payment':
                  made = await call(tenant, 'POST', '/v2/payments', {
                    amount: step.amount,
                    platform: 'ach',
                    user_id: user(0),
                    ach_info: {
                      account_number: PAYMENT_ACCOUNTS[step.outcome],
                      routing_number: '021000021',
                    },
                  });
                  break;
                case 'link': {
                  const link = await call(tenant, 'POST', '/v2/payout-links', { amount: step.amount });
                  if (link.status === 201 && step.cancel)
                    await call(tenant, 'DELETE', `/v2/payout-links/${link.body.id}`);
                  break;
                }
                case 'cancel': {
                  // The oldest transfer still on its way, canceled if it may be (a 409 changes nothing).
                  const [first] = open;
                  if (first)
                    await call(null, 'POST', `/sandbox/transfers/${first}/advance`, { status: 'canceled' });
                  break;
                }
                case 'settle':
                  for (const id of [...open]) {
                    const moved = await call(null, 'POST', `/sandbox/transfers/${id}/advance`, {});
                    if (moved.status !== 200) open.delete(id);
                    else if (
                      (moved.body.type === 'refill' || moved.body.type === 'payment') &&
                      moved.body.status === 'reversed'
                    )
                      returned = true;
                  }
                  break;
              }
              if (made && made.status < 300 && made.body.id) open.add(made.body.id);
              // Auto-refill deposits are on their way too.
              const pending = await call(tenant, 'GET', '/v2/transfers?type=refill&status=created&limit=100');
              for (const t of pending.body.data as { id: string }[]) open.add(t.id);
              await check();
            }
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      sandbox.close();
    }
  }, 120_000);
});
