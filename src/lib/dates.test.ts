import { describe, expect, it } from 'vitest';
import { age, formatDateTime } from './dates';

describe('dates as an operator reads them', () => {
  it('shows the local date and time with its time zone, and leaves what is not a date as it came', () => {
    const shown = formatDateTime('2026-11-25T09:14:05Z');
    expect(shown).toMatch(/2026/);
    expect(shown).toMatch(/(UTC|GMT|[A-Z]{2,5}[+-]?\d*)$/);
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime(null)).toBe('—');
  });

  it('says how long ago, in minutes, hours, then days', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(age('2026-11-25T11:55:00Z', now)).toBe('5 min');
    expect(age('2026-11-25T09:00:00Z', now)).toBe('3 h');
    expect(age('2026-11-22T12:00:00Z', now)).toBe('3 days');
  });
});
