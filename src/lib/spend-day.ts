/**
 * A member's day, as the daily limit counts it: what they moved alone is kept as a total per clock hour (UTC), and
 * their day at a moment is the hour it falls in and the 24 whole hours before it (at 14:35 on the 27th, from 14:00
 * on the 26th). So a check reads at most 25 totals however many payments the day holds, and its window always covers
 * the 24 hours before the moment, and at most an hour more: no 24 hours ever hold more than the limit.
 */

const HOUR_MS = 60 * 60 * 1000;

/** The clock hour a moment falls in, as the counters are keyed: `2026-11-27T14`. */
export function spendHour(at: Date): string {
  return at.toISOString().slice(0, 13);
}

/** The first hour of the day that ends at `now` (24 hours before `now`'s own hour). */
export function dayFirstHour(now: Date): string {
  return spendHour(new Date(now.getTime() - 24 * HOUR_MS));
}

/** When the day starts, as a moment: the top of its first hour. */
export function dayStart(now: Date): string {
  return `${dayFirstHour(now)}:00:00.000Z`;
}
