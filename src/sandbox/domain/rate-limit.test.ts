import { describe, expect, it } from 'vitest';
import { RateLimit } from './rate-limit';

describe('the per-organization rate limit', () => {
  it('lets a burst of a second’s worth through, then refuses with the wait, and refills with time', () => {
    const limit = new RateLimit(3);
    expect([0, 0, 0].map(() => limit.take('org', 1000))).toEqual([0, 0, 0]);
    expect(limit.take('org', 1000)).toBe(1);
    expect(limit.take('other', 1000)).toBe(0); // each organization its own
    expect(limit.take('org', 1400)).toBe(0); // a third of a second: one more token
    expect(limit.take('org', 1400)).toBe(1);
  });

  it('is off at 0', () => {
    const limit = new RateLimit(0);
    expect(Array.from({ length: 100 }, () => limit.take('org', 0)).every((wait) => wait === 0)).toBe(true);
  });
});
