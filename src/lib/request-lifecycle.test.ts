import { describe, expect, it } from 'vitest';
import { deadlineFrom, isPastDeadline, REQUEST_TTL_MS, statusAt } from './request-lifecycle';

describe('a request that waits', () => {
  const made = new Date('2026-03-02T10:00:00.000Z');
  const pending = { status: 'pending' as const, expires_at: deadlineFrom(made) };

  it('expires a week after it was made', () => {
    expect(REQUEST_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(pending.expires_at).toBe('2026-03-09T10:00:00.000Z');
  });

  it('waits until its deadline, and reads as expired from that moment, stored or not', () => {
    expect(statusAt(pending, new Date('2026-03-09T09:59:59.999Z'))).toBe('pending');
    expect(isPastDeadline(pending, '2026-03-09T09:59:59.999Z')).toBe(false);
    expect(statusAt(pending, new Date('2026-03-09T10:00:00.000Z'))).toBe('expired');
    expect(isPastDeadline(pending, '2026-03-09T10:00:00.000Z')).toBe(true);
  });

  it('keeps a decided request as it was decided, whatever its deadline', () => {
    const late = new Date('2026-04-01T00:00:00.000Z');
    for (const status of ['approved', 'rejected', 'executed', 'withdrawn', 'applied'] as const) {
      expect(statusAt({ ...pending, status }, late)).toBe(status);
      expect(isPastDeadline({ ...pending, status }, late)).toBe(false);
    }
  });
});
