import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './app';
import type { CreatedTenant } from './domain/tenant-factory';
import { sumsByWallet } from './store/ledger';
import { basic } from './test/harness';

/**
 * The ledger's invariant, over random sequences of every movement the sandbox has (deposits and their returns,
 * withdrawals, transfers both ways, organization transfers, transfer batches, payouts from the app's wallet and the
 * user's, payments, payout links held and canceled, settle steps of whatever is on its way): every balance is the sum
 * of its wallet's lines, and no wallet that pays goes below zero, except an app's by a returned deposit.
 */

type Op =
  | { kind: 'deposit'; amount: number }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'transfer'; user: number; amount: number }
  | { kind: 'org'; amount: number }
  | { kind: 'batch'; amounts: number[] }
  | { kind: 'payout'; user: number; amount: number; fund: boolean }
  | { kind: 'payment'; amount: number; returned: boolean }
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
  fc.record({ kind: fc.constant('payment' as const), amount: cents, returned: fc.boolean() }),
  fc.record({ kind: fc.constant('link' as const), amount: cents, cancel: fc.boolean() }),
  fc.record({ kind: fc.constant('settle' as const) }),
);

describe('the ledger', () => {
  it('every balance is the sum of its lines after any sequence of movements; only a returned deposit overdraws', async () => {
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
            let returnedDeposit = false;
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
                      account_number: step.returned ? '900000010' : '900000123',
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
                case 'settle':
                  for (const id of [...open]) {
                    const moved = await call(null, 'POST', `/sandbox/transfers/${id}/advance`, {});
                    if (moved.status !== 200) open.delete(id);
                    else if (moved.body.type === 'refill' && moved.body.status === 'reversed')
                      returnedDeposit = true;
                  }
                  break;
              }
              if (made && made.status < 300 && made.body.id) open.add(made.body.id);
              // Auto-refill deposits are on their way too.
              const pending = await call(tenant, 'GET', '/v2/transfers?type=refill&status=created&limit=100');
              for (const t of pending.body.data as { id: string }[]) open.add(t.id);
            }
            const { db } = sandbox.services;
            const sums = new Map(sumsByWallet(db).map((row) => [row.id, row.sum]));
            const wallets = (await call(tenant, 'GET', '/v2/wallets')).body;
            const organization = (await call(tenant, 'GET', '/v2/organizations')).body;
            expect(wallets.organization.id).toBe(tenant.organization.id);
            expect(wallets.organization.balance).toBe(sums.get(tenant.organization.id) ?? 0);
            expect(wallets.organization.balance).toBeGreaterThanOrEqual(0);
            let total = wallets.organization.balance;
            for (const wallet of wallets.apps as { id: string; balance: number }[]) {
              expect(wallet.balance).toBe(sums.get(wallet.id) ?? 0);
              if (!returnedDeposit) expect(wallet.balance).toBeGreaterThanOrEqual(0);
              total += wallet.balance;
            }
            expect(organization.balance).toBe(total);
            for (const person of tenant.users) {
              const read = (await call(tenant, 'GET', `/v2/users/${person.id}`)).body;
              expect(read.wallet.amount).toBe(sums.get(person.id) ?? 0);
              expect(read.wallet.amount).toBeGreaterThanOrEqual(0);
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
