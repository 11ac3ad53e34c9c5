import { describe, expect, it } from 'vitest';
import { toWalletMoveRequest } from './wallet-move-request';

const USER = 'a169451c-8525-4352-b8ca-070dd449a1a5';
const KEY = '3f1d2c4b-5555-8000-8000-000000000001';

describe('toWalletMoveRequest', () => {
  it('signs the amount by its direction: negative to the user, positive from them', () => {
    const to = toWalletMoveRequest(
      { userId: USER, direction: 'to_user', cents: 1234 },
      { idempotencyKey: KEY },
    );
    const from = toWalletMoveRequest(
      { userId: USER, direction: 'from_user', cents: 1234 },
      { idempotencyKey: KEY },
    );
    expect(to.amount).toBe(-1234);
    expect(from.amount).toBe(1234);
  });

  it('carries its key as the request id, the operator, and the row’s metadata', () => {
    const body = toWalletMoveRequest(
      { userId: USER, direction: 'to_user', cents: 5, metadata: { invoice: 'INV-1' } },
      { idempotencyKey: KEY, operator: 'finance@example.com' },
    );
    expect(body).toEqual({
      amount: -5,
      user_id: USER,
      idempotency_key: KEY,
      metadata: { invoice: 'INV-1', console_request_id: KEY, initiated_by: 'finance@example.com' },
    });
  });
});
