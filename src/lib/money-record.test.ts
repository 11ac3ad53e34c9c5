import { describe, expect, it } from 'vitest';
import { isRecordOf, type MoneySent, recordOf } from './money-record';

const user = '0190a6a2-0000-7000-8000-000000000001';
const other = '0190a6a2-0000-7000-8000-000000000002';

describe('what the service records for each kind of money', () => {
  it.each<[MoneySent, Record<string, unknown>, Record<string, unknown>]>([
    ['payment', { amount: 155_500, user_id: user }, { type: 'payment', amount: 155_500, user_id: user }],
    [
      'payment',
      { amount: 155_500, customer_id: other },
      { type: 'payment', amount: 155_500, customer_id: other },
    ],
    ['payout', { amount: 155_500, user_id: user }, { type: 'payout', amount: 155_500, user_id: user }],
    ['deposit', { amount: 155_500 }, { type: 'refill', amount: 155_500 }],
    ['withdrawal', { amount: 155_500 }, { type: 'refill', amount: -155_500 }],
    [
      'user-transfer',
      { amount: -155_500, user_id: user },
      { type: 'balance', amount: -155_500, user_id: user },
    ],
    ['organization-transfer', { amount: 155_500 }, { type: 'balance', amount: 155_500 }],
  ])('a %s sent as %j is found as %j', (kind, body, listed) => {
    expect(isRecordOf(listed, recordOf(kind, body as { amount: number }))).toBe(true);
  });

  it.each<[MoneySent, Record<string, unknown>, Record<string, unknown>]>([
    // The same key spent on other money: another payee, another amount, the other way, another kind.
    ['user-transfer', { amount: -155_500, user_id: user }, { type: 'balance', amount: -100, user_id: user }],
    [
      'user-transfer',
      { amount: -155_500, user_id: user },
      { type: 'balance', amount: -155_500, user_id: other },
    ],
    [
      'user-transfer',
      { amount: -155_500, user_id: user },
      { type: 'balance', amount: 155_500, user_id: user },
    ],
    ['withdrawal', { amount: 155_500 }, { type: 'refill', amount: 155_500 }],
    ['deposit', { amount: 155_500 }, { type: 'balance', amount: 155_500 }],
    ['organization-transfer', { amount: 155_500 }, { type: 'balance', amount: 155_500, user_id: user }],
    ['payout', { amount: 155_500, user_id: user }, { type: 'payment', amount: 155_500, user_id: user }],
  ])('a %s sent as %j is not %j', (kind, body, listed) => {
    expect(isRecordOf(listed, recordOf(kind, body as { amount: number }))).toBe(false);
  });
});
