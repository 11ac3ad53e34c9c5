import { describe, expect, it } from 'vitest';
import { idempotencyKeysOf } from './team-controls';

describe('the idempotency keys of a body', () => {
  it('reads a money body by its own key and a batch by its items, not by the key that names the batch', () => {
    expect(idempotencyKeysOf({ amount: 100, idempotency_key: 'k-1' })).toEqual(['k-1']);
    expect(
      idempotencyKeysOf({
        idempotency_key: 'the-batch',
        items: [{ idempotency_key: 'k-2' }, { idempotency_key: 'k-3' }, { amount: 5 }],
      }),
    ).toEqual(['k-2', 'k-3']);
  });

  it("reads a request's bodies wherever its JSON keeps them, and no empty key", () => {
    expect(idempotencyKeysOf({ payment: { idempotency_key: 'p' } })).toEqual(['p']);
    expect(idempotencyKeysOf({ payout: { idempotency_key: 'o' }, payee_methods: {} })).toEqual(['o']);
    expect(idempotencyKeysOf({ rows: [{ idempotency_key: 'r' }, { idempotency_key: '' }] })).toEqual(['r']);
    expect(idempotencyKeysOf({ payouts: [{ idempotency_key: 'a' }], row_numbers: [2] })).toEqual(['a']);
    expect(idempotencyKeysOf({ move: 'transfer-batch', moves: [{ idempotency_key: 'm' }] })).toEqual(['m']);
    expect(idempotencyKeysOf(null)).toEqual([]);
  });
});
