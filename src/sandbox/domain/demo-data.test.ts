import { describe, expect, it } from 'vitest';
import { demoPlan } from './demo-data';
import { outcomeForAccount, TRANSITIONS } from './lifecycle';

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 24 * 60 * 60 * 1000;

describe('the demo tenant', () => {
  const plan = demoPlan(NOW);

  it('is the same story on every machine: a fixed seed, times counted back from now', () => {
    expect(demoPlan(NOW)).toEqual(plan);
    expect(demoPlan(NOW + DAY).transfers[0]?.history[0]?.atMs).toBe(
      (plan.transfers[0]?.history[0]?.atMs ?? 0) + DAY,
    );
  });

  it('has about fifty people with varied names, unique emails and phones, and mixed statuses', () => {
    expect(plan.users).toHaveLength(50);
    expect(new Set(plan.users.map((u) => u.email)).size).toBe(50);
    expect(new Set(plan.users.map((u) => u.phone_number)).size).toBe(50);
    expect(new Set(plan.users.map((u) => `${u.first_name} ${u.last_name}`)).size).toBe(50);
    expect(new Set(plan.users.map((u) => u.status))).toEqual(
      new Set(['verified', 'unverified', 'in_review', 'disabled']),
    );
    expect(plan.users.filter((u) => u.accounts.length > 0).length).toBeGreaterThan(35);
    expect(plan.users.filter((u) => u.addresses.length > 0).length).toBeGreaterThan(10);
    expect(plan.customers.some((c) => c.business_name)).toBe(true);
    expect(plan.apps.map((a) => a.compliance)).toEqual([true, true, false]);
  });

  it('has about 300 transfers over the last 60 days, in every state, each history a path of the state machine', () => {
    expect(plan.transfers).toHaveLength(300);
    const last = (t: (typeof plan.transfers)[number]) => t.history.at(-1)?.status;
    expect(new Set(plan.transfers.map(last))).toEqual(
      new Set(['created', 'pending', 'completed', 'failed', 'reversed', 'canceled', 'flagged']),
    );
    for (const transfer of plan.transfers) {
      const created = transfer.history[0]?.atMs ?? 0;
      expect(created).toBeGreaterThan(NOW - 61 * DAY);
      expect(transfer.history[0]?.status).toBe('created');
      transfer.history.slice(1).forEach((step, i) => {
        const before = transfer.history[i];
        expect(TRANSITIONS[before?.status ?? 'created']).toContain(step.status);
        expect(step.atMs).toBeGreaterThanOrEqual(before?.atMs ?? 0);
        expect(step.atMs).toBeLessThan(NOW);
      });
      // What the sandbox would make of the account agrees with the story told.
      if (transfer.oneOff) expect(transfer.outcome).toBe(outcomeForAccount(transfer.oneOff.last4));
      if (['failed', 'reversed'].includes(last(transfer) ?? '')) {
        expect(transfer.failure?.code).toMatch(/^R\d\d$/);
        expect(transfer.failure?.message).not.toBe('');
      } else expect(transfer.failure).toBeNull();
      expect(transfer.amount).toBeGreaterThan(0);
    }
  });

  it('grows for tests that need volume, still one email and one phone a person', () => {
    const big = demoPlan(NOW, { users: 3000, transfers: 10 });
    expect(new Set(big.users.map((u) => u.email)).size).toBe(3000);
    expect(new Set(big.users.map((u) => u.phone_number)).size).toBe(3000);
  });
});
