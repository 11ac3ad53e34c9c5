import { describe, expect, it } from 'vitest';
import { DEMO_APPROVAL_LIMIT_CENTS } from '../server/members/demo';
import { ensureDemoTenant } from './seed';
import { openDatabase } from './store/db';
import { sumsByWallet } from './store/ledger';

describe("the demo's treasury", () => {
  it('has deposits (one returned, one pending), organization transfers, users with wallets and a transfer batch; every balance its lines', () => {
    const db = openDatabase(':memory:');
    ensureDemoTenant(db, Date.parse('2026-11-20T12:00:00Z'));
    const kinds = db
      .prepare(
        'SELECT movement, status, count(*) AS n FROM transfers WHERE movement IS NOT NULL GROUP BY movement, status',
      )
      .all() as { movement: string; status: string; n: number }[];
    const count = (movement: string, status: string) =>
      kinds.find((k) => k.movement === movement && k.status === status)?.n ?? 0;
    expect(count('deposit', 'completed')).toBe(3);
    expect(count('deposit', 'reversed')).toBe(1);
    expect(count('deposit', 'created')).toBe(1);
    expect(count('withdrawal', 'completed')).toBe(1);
    expect(count('organization-transfer', 'completed')).toBe(2);
    expect(count('user-transfer', 'completed')).toBeGreaterThanOrEqual(16);
    expect(db.prepare("SELECT count(*) FROM transfer_batches WHERE status = 'completed'").pluck().get()).toBe(
      1,
    );
    const sums = new Map(sumsByWallet(db).map((row) => [row.id, row.sum]));
    for (const app of db.prepare('SELECT id, balance FROM apps').all() as { id: string; balance: number }[]) {
      expect(app.balance).toBe(sums.get(app.id) ?? 0);
    }
    for (const user of db.prepare('SELECT id, wallet FROM users').all() as { id: string; wallet: number }[]) {
      expect(user.wallet).toBe(sums.get(user.id) ?? 0);
    }
    expect(db.prepare('SELECT count(*) FROM users WHERE wallet > 0').pluck().get()).toBeGreaterThanOrEqual(
      16,
    );
    db.close();
  });

  it('dates nothing after the moment it is seeded: the pending deposit was made before now, not this evening', () => {
    const db = openDatabase(':memory:');
    const now = Date.parse('2026-11-27T08:18:51Z');
    ensureDemoTenant(db, now);
    expect(db.prepare('SELECT max(created_ms) FROM transfers').pluck().get()).toBeLessThanOrEqual(now);
    expect(db.prepare('SELECT max(created_ms) FROM transactions').pluck().get()).toBeLessThanOrEqual(now);
    const pending = db
      .prepare("SELECT created FROM transfers WHERE movement = 'deposit' AND status = 'created'")
      .pluck()
      .get() as string;
    expect(Date.parse(pending)).toBeLessThanOrEqual(now);
    expect(pending.slice(0, 10)).toBe('2026-11-27');
    db.close();
  });

  it("sets the first app's auto-refill within the demo team's approval limit, so that it saves as shown", () => {
    const db = openDatabase(':memory:');
    ensureDemoTenant(db, Date.parse('2026-11-20T12:00:00Z'));
    const refills = db
      .prepare('SELECT refill_amount FROM app_settings WHERE auto_refill_active = 1')
      .all() as { refill_amount: number }[];
    expect(refills.length).toBeGreaterThan(0);
    for (const { refill_amount } of refills)
      expect(refill_amount).toBeLessThanOrEqual(DEMO_APPROVAL_LIMIT_CENTS);
    db.close();
  });
});
