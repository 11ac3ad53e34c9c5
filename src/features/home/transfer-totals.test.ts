import { describe, expect, it } from 'vitest';
import type { Transfer } from '../../api/schemas';
import { byKind, localDay, outcomeOf, overviewOf } from './transfer-totals';

const NOW = new Date(2026, 10, 23, 15, 0).getTime();
const DAY = 24 * 60 * 60 * 1000;

function transfer(
  id: string,
  status: string,
  amount: number,
  ageDays: number,
  changedAgoDays = ageDays,
): Transfer {
  const created = new Date(NOW - ageDays * DAY).toISOString();
  return {
    id,
    status,
    amount,
    created,
    status_history: [
      { status: 'created', at: created },
      { status, at: new Date(NOW - changedAgoDays * DAY).toISOString() },
    ],
  };
}

describe('the overview of recent transfers', () => {
  const transfers = [
    transfer('a', 'completed', 1_000_00, 1),
    transfer('b', 'completed', 250_05, 10),
    transfer('c', 'pending', 99_99, 0.1),
    transfer('d', 'failed', 40_00, 3, 2),
    transfer('e', 'reversed', 75_00, 20, 1),
    transfer('f', 'canceled', 12_00, 5),
    transfer('g', 'completed', 5_00, 31),
    transfer('h', 'flagged', 1, 6),
  ];
  const overview = overviewOf(transfers, NOW);

  it('sorts each status into one of four outcomes', () => {
    expect(['created', 'pending', 'flagged', 'mystery'].map(outcomeOf)).toEqual(Array(4).fill('inFlight'));
    expect(['completed', 'failed', 'canceled', 'reversed'].map(outcomeOf)).toEqual([
      'completed',
      'failed',
      'failed',
      'returned',
    ]);
  });

  it('totals the last 7 and 30 days by outcome in exact cents and counts, by the day created', () => {
    expect(overview.last7).toEqual({
      completed: { count: 1, cents: 1_000_00 },
      inFlight: { count: 2, cents: 99_99 + 1 },
      failed: { count: 2, cents: 40_00 + 12_00 },
      returned: { count: 0, cents: 0 },
    });
    expect(overview.last30.completed).toEqual({ count: 2, cents: 1_250_05 });
    expect(overview.last30.returned).toEqual({ count: 1, cents: 75_00 });
  });

  it('gives each of the last 30 days its volume by outcome', () => {
    expect(overview.daily).toHaveLength(30);
    expect(overview.daily.at(-1)?.day).toBe(localDay(NOW));
    expect(overview.daily.find((d) => d.day === localDay(NOW - DAY))?.completed).toBe(1_000_00);
    const sum = overview.daily.reduce((all, d) => all + d.completed + d.inFlight + d.failed + d.returned, 0);
    expect(sum).toBe(1_000_00 + 250_05 + 99_99 + 40_00 + 75_00 + 12_00 + 1);
  });

  it('puts failed and returned transfers that changed in the last 7 days first in line, newest first', () => {
    expect(overview.attention.map((t) => t.id)).toEqual(['e', 'd']);
  });
});

it('totals a bill payment apart: it is neither a payment into the app nor a payout to a user', () => {
  const of = (type: string) => ({ ...transfer(type, 'completed', 1_00, 1), type });
  const kinds = byKind(['payment', 'payout', 'payable', 'refill', 'balance'].map(of));
  expect(kinds.payments.map((t) => t.id)).toEqual(['payment', 'refill', 'balance']);
  expect(kinds.payouts.map((t) => t.id)).toEqual(['payout']);
  expect(kinds.bills.map((t) => t.id)).toEqual(['payable']);
});
