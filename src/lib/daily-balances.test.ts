import { describe, expect, it } from 'vitest';
import { dailyBalances } from './daily-balances';

describe('a wallet over the days', () => {
  it("walks back from the balance now, each day's end without the lines after it", () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    const lines = [
      { created: '2026-11-27T09:00:00Z', amount: -500 },
      { created: '2026-11-26T10:00:00Z', amount: 2_000 },
      { created: '2026-11-25T23:59:59.999Z', amount: 100 },
    ];
    expect(dailyBalances(10_000, lines, 4, now)).toEqual([
      { day: '2026-11-24', cents: 8_400 },
      { day: '2026-11-25', cents: 8_500 },
      { day: '2026-11-26', cents: 10_500 },
      { day: '2026-11-27', cents: 10_000 },
    ]);
  });
});
