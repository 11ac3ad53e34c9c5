import { describe, expect, it } from 'vitest';
import { EMPTY_MOVE_TO_USER, moveToUserSchema, signedCents } from './move-to-user-form';

describe("a move to or from a user's wallet, as typed", () => {
  it('names every field at fault at once: the user not chosen, the amount that does not read', () => {
    const issues = moveToUserSchema.safeParse(EMPTY_MOVE_TO_USER).error?.issues ?? [];
    expect(Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      userId: 'Choose the user',
      amount: 'Enter an amount',
    });
  });

  it("takes whole cents within the service's bounds, and signs them by the direction", () => {
    const move = moveToUserSchema.parse({
      ...EMPTY_MOVE_TO_USER,
      userId: 'u1',
      userName: 'Ann',
      amount: '12.34',
    });
    expect(move.amount).toBe(1_234);
    expect(signedCents(move)).toBe(-1_234);
    expect(signedCents({ ...move, direction: 'from-user' })).toBe(1_234);
    expect(
      moveToUserSchema.safeParse({ ...EMPTY_MOVE_TO_USER, userId: 'u1', amount: '0' }).error?.issues[0]
        ?.message,
    ).toBe('The amount is at least 1 cent');
  });
});
