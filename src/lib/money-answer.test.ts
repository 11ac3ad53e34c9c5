import { describe, expect, it } from 'vitest';
import { classifyMoneyAnswer, mayResend } from './money-answer';

describe('what an answer says of the money', () => {
  it('takes only a 2xx as made, a 4xx as refused, and anything else as unknown', () => {
    expect([201, 200].map((status) => classifyMoneyAnswer(status))).toEqual(['created', 'created']);
    expect([400, 403, 404, 409, 422].map((status) => classifyMoneyAnswer(status))).toEqual(
      Array(5).fill('refused'),
    );
    expect(classifyMoneyAnswer(401)).toBe('signed-out');
    expect(classifyMoneyAnswer(429)).toBe('rate-limited');
    expect([null, 500, 502, 503, 504, 0, 302].map((status) => classifyMoneyAnswer(status))).toEqual(
      Array(7).fill('unknown'),
    );
  });

  it('takes a key refused as used for money made before, and any other conflict as a refusal', () => {
    expect(classifyMoneyAnswer(409, 'idempotency-key-used')).toBe('key-used');
    // The same key with another body (a payment's key replays only for the same body): refused, nothing was made.
    expect(classifyMoneyAnswer(409, 'idempotency-key-reused')).toBe('refused');
    expect(classifyMoneyAnswer(400, 'idempotency-key-used')).toBe('refused');
  });
});

describe('sending again after an unknown outcome', () => {
  it('happens only where the service holds the key, whether it replays or refuses a second use', () => {
    expect(mayResend('replays')).toBe(true);
    expect(mayResend('refused')).toBe(true);
    expect(mayResend('not-held')).toBe(false);
  });
});
