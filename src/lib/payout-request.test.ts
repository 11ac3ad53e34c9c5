import { describe, expect, it } from 'vitest';
import { toPayoutRequest } from './payout-request';

describe('a payout request', () => {
  const key = '0b7f8a52-2f4e-4c1a-9d5e-7a1b2c3d4e5f';

  it('names a bank account by id, funds it from the app, and carries its key in metadata', () => {
    expect(
      toPayoutRequest(
        {
          userId: 'u1',
          cents: 2500,
          method: { platform: 'ach', accountId: 'acc-1' },
          metadata: { invoice: 'I-9' },
        },
        { idempotencyKey: key, operator: 'fiona@example.com' },
      ),
    ).toEqual({
      user_id: 'u1',
      amount: 2500,
      platform: 'ach',
      account_id: 'acc-1',
      fund: true,
      idempotency_key: key,
      metadata: { invoice: 'I-9', console_request_id: key, initiated_by: 'fiona@example.com' },
    });
  });

  it('sends a wallet by its kind alone: the user has one of each', () => {
    const body = toPayoutRequest(
      { userId: 'u1', cents: 1, method: { platform: 'paypal', accountId: 'pp-1' }, metadata: {} },
      { idempotencyKey: key },
    );
    expect(body).not.toHaveProperty('account_id');
    expect(body).toMatchObject({ platform: 'paypal', metadata: { console_request_id: key } });
    expect(body.metadata).not.toHaveProperty('initiated_by');
  });
});
