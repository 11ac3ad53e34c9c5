import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayFirstHour, dayStart, spendHour } from './spend-day';

const HOUR_MS = 60 * 60 * 1000;

describe('a member’s day in hourly totals', () => {
  it('runs from the top of the hour 24 hours before the moment', () => {
    const now = new Date('2026-11-27T14:35:12.345Z');
    expect(spendHour(now)).toBe('2026-11-27T14');
    expect(dayFirstHour(now)).toBe('2026-11-26T14');
    expect(dayStart(now)).toBe('2026-11-26T14:00:00.000Z');
    // The turn of a month and of a year alike.
    expect(dayFirstHour(new Date('2027-01-01T00:00:00.000Z'))).toBe('2026-12-31T00');
  });

  it('never lets a member move more than the limit in any 24 hours', () => {
    // Payments at random moments over three days, each let through only when its day (the hourly totals from the
    // first hour on) stays within the limit, as the server judges them; then every 24 hours, from each payment's
    // moment back, holds no more than the limit.
    const start = Date.parse('2026-11-25T00:00:00.000Z');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offset: fc.integer({ min: 0, max: 72 * HOUR_MS }),
            cents: fc.integer({ min: 1, max: 400 }),
          }),
          { maxLength: 80 },
        ),
        fc.integer({ min: 100, max: 2000 }),
        (tries, limit) => {
          const hours = new Map<string, number>();
          const allowed: { at: number; cents: number }[] = [];
          for (const { offset, cents } of [...tries].sort((a, b) => a.offset - b.offset)) {
            const now = new Date(start + offset);
            const first = dayFirstHour(now);
            let day = 0;
            for (const [hour, total] of hours) if (hour >= first) day += total;
            if (day + cents > limit) continue;
            hours.set(spendHour(now), (hours.get(spendHour(now)) ?? 0) + cents);
            allowed.push({ at: now.getTime(), cents });
          }
          for (const end of allowed) {
            const within = allowed.filter((p) => p.at > end.at - 24 * HOUR_MS && p.at <= end.at);
            expect(within.reduce((sum, p) => sum + p.cents, 0)).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });
});
