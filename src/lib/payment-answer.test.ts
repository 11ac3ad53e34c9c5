import { describe, expect, it } from 'vitest';
import { classifyAnswer } from './payment-answer';

describe('what an answer says of the money', () => {
  it('takes only a 2xx as made, a 4xx as refused, and anything else as unknown', () => {
    expect([201, 200].map(classifyAnswer)).toEqual(['created', 'created']);
    expect([400, 403, 404, 409, 422].map(classifyAnswer)).toEqual(Array(5).fill('refused'));
    expect(classifyAnswer(401)).toBe('signed-out');
    expect(classifyAnswer(429)).toBe('rate-limited');
    expect([null, 500, 502, 503, 504, 0, 302].map(classifyAnswer)).toEqual(Array(7).fill('unknown'));
  });
});
