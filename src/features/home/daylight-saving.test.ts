import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewOf } from './transfer-totals';

/** The operator's calendar in a zone that changes its clocks: the chart's days are calendar days, each once. */
describe('the daily chart across a daylight-saving change (America/New_York)', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  /** YYYY-MM-DD of each of the 30 calendar days ending on the local date of `year-month-day`, oldest first. */
  const calendarDays = (year: number, month: number, day: number) =>
    Array.from({ length: 30 }, (_, back) => {
      const date = new Date(Date.UTC(year, month - 1, day - 29 + back));
      return date.toISOString().slice(0, 10);
    });

  it('in March (23-hour day): just after midnight, no day is lost or repeated', () => {
    const now = new Date(2026, 2, 10, 0, 30).getTime(); // 10 March 00:30, two days after the clocks went forward
    expect(overviewOf([], now).daily.map((d) => d.day)).toEqual(calendarDays(2026, 3, 10));
  });

  it('in November (25-hour day): just before midnight, no day is lost or repeated', () => {
    const now = new Date(2026, 10, 2, 23, 30).getTime(); // 2 November 23:30, a day after the clocks went back
    expect(overviewOf([], now).daily.map((d) => d.day)).toEqual(calendarDays(2026, 11, 2));
  });
});
