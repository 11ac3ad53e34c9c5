import type { Transfer } from '../../api/schemas';

/** Where a transfer stands, in four words an operator reads at a glance. */
export type Outcome = 'completed' | 'inFlight' | 'failed' | 'returned';
export const OUTCOMES: readonly Outcome[] = ['completed', 'inFlight', 'failed', 'returned'];
export const OUTCOME_LABEL: Record<Outcome, string> = {
  completed: 'Completed',
  inFlight: 'In flight',
  failed: 'Failed or canceled',
  returned: 'Returned',
};

export function outcomeOf(status: string): Outcome {
  if (status === 'completed') return 'completed';
  if (status === 'reversed') return 'returned';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'inFlight'; // created, pending, flagged, and any status the console does not know yet
}

export interface Total {
  count: number;
  cents: number;
}

export type Totals = Record<Outcome, Total>;

export interface DailyVolume extends Record<Outcome, number> {
  /** The local day, YYYY-MM-DD. */
  day: string;
}

export interface Overview {
  last7: Totals;
  last30: Totals;
  /** Each of the last 30 days, oldest first, in cents by outcome (by the day each transfer was created). */
  daily: DailyVolume[];
  /** Failed and returned transfers whose last change falls in the last 7 days, newest first. */
  attention: Transfer[];
}

const DAY = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of the operator's own calendar. */
export function localDay(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function emptyTotals(): Totals {
  return {
    completed: { count: 0, cents: 0 },
    inFlight: { count: 0, cents: 0 },
    failed: { count: 0, cents: 0 },
    returned: { count: 0, cents: 0 },
  };
}

/** When the transfer last changed (the sandbox's status history), else when it was created. */
function lastChangeMs(transfer: Transfer): number {
  const at = transfer.status_history?.at(-1)?.at ?? transfer.created;
  return at ? Date.parse(at) : Number.NaN;
}

/**
 * Totals of the last 7 and 30 days by outcome, in cents and counts, by the day each transfer was created and where
 * it stands now; the daily volume of the last 30 days; and what needs attention. Integer cents throughout.
 */
export function overviewOf(transfers: readonly Transfer[], nowMs: number): Overview {
  const last7 = emptyTotals();
  const last30 = emptyTotals();
  const days = new Map<string, DailyVolume>();
  const today = new Date(nowMs);
  for (let back = 29; back >= 0; back--) {
    // Calendar days, not 24-hour steps: a day of 23 or 25 hours (daylight saving) would lose or repeat a date.
    const day = localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - back).getTime());
    days.set(day, { day, completed: 0, inFlight: 0, failed: 0, returned: 0 });
  }
  const attention: Transfer[] = [];
  for (const transfer of transfers) {
    const created = transfer.created ? Date.parse(transfer.created) : Number.NaN;
    if (Number.isNaN(created) || created > nowMs) continue;
    const outcome = outcomeOf(transfer.status);
    const add = (totals: Totals) => {
      totals[outcome].count += 1;
      totals[outcome].cents += transfer.amount;
    };
    if (created > nowMs - 30 * DAY) add(last30);
    if (created > nowMs - 7 * DAY) add(last7);
    const daily = days.get(localDay(created));
    if (daily) daily[outcome] += transfer.amount;
    if ((outcome === 'failed' && transfer.status === 'failed') || outcome === 'returned') {
      if (lastChangeMs(transfer) > nowMs - 7 * DAY) attention.push(transfer);
    }
  }
  attention.sort((a, b) => lastChangeMs(b) - lastChangeMs(a));
  return { last7, last30, daily: [...days.values()], attention };
}

/**
 * The overview's three kinds of money: what comes into the app (payments, and the moves of money between its
 * wallets), payouts to users, and bill payments to vendors, which are neither: each is totalled apart.
 */
export function byKind(transfers: readonly Transfer[]): {
  payments: Transfer[];
  payouts: Transfer[];
  bills: Transfer[];
} {
  const payments: Transfer[] = [];
  const payouts: Transfer[] = [];
  const bills: Transfer[] = [];
  for (const transfer of transfers) {
    if (transfer.type === 'payout') payouts.push(transfer);
    else if (transfer.type === 'payable') bills.push(transfer);
    else payments.push(transfer);
  }
  return { payments, payouts, bills };
}
