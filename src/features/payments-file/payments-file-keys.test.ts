import { describe, expect, it } from 'vitest';
import { derivePaymentKeys } from './payments-file-keys';
import type { ResolvedPayment } from './payments-file-resolve';

const payment = (row: number, over: Partial<ResolvedPayment> = {}): ResolvedPayment => ({
  row,
  payer: { kind: 'user', email: 'ada@example.com' },
  payerKind: 'user',
  payerId: '3f1d2c4b-5555-4000-8000-000000000001',
  payerName: 'Ada Lovelace',
  payerEmail: 'ada@example.com',
  cents: 1250,
  source: { kind: 'bank', accountNumber: '123456789', routingNumber: '021000021', accountType: 'checking' },
  metadata: { b: '2', a: '1' },
  ...over,
});

describe('the idempotency key of a row', () => {
  it('is the same for the same payment and session, whatever the row number or the metadata order', async () => {
    const [one] = await derivePaymentKeys('sk_1', [payment(2)]);
    const [moved] = await derivePaymentKeys('sk_1', [payment(40, { metadata: { a: '1', b: '2' } })]);
    expect(one).toMatch(/^batch_[0-9a-f]{40}$/);
    // The key files have always had: another would make every row of a file paid before look new.
    expect(one).toBe('batch_ae77dab06fae51733b3e3e73b5e283a2834f38df');
    expect(moved).toBe(one);
  });

  it('changes with anything of the payment, with the API key, and reveals nothing of the account number', async () => {
    const [base] = await derivePaymentKeys('sk_1', [payment(2)]);
    const others = await Promise.all([
      derivePaymentKeys('sk_2', [payment(2)]),
      derivePaymentKeys('sk_1', [payment(2, { cents: 1251 })]),
      derivePaymentKeys('sk_1', [payment(2, { payerId: '3f1d2c4b-5555-4000-8000-000000000002' })]),
      derivePaymentKeys('sk_1', [
        payment(2, {
          source: {
            kind: 'bank',
            accountNumber: '123456780',
            routingNumber: '021000021',
            accountType: 'checking',
          },
        }),
      ]),
      derivePaymentKeys('sk_1', [payment(2, { metadata: { a: '1' } })]),
    ]);
    for (const [key] of others) expect(key).not.toBe(base);
    expect(base).not.toContain('123456789');
  });

  it('tells identical rows apart by occurrence, so that fixing or reordering others changes no key', async () => {
    const twins = await derivePaymentKeys('sk_1', [payment(2), payment(3), payment(4, { cents: 99 })]);
    expect(twins[0]).not.toBe(twins[1]);
    const reordered = await derivePaymentKeys('sk_1', [payment(4, { cents: 99 }), payment(7), payment(9)]);
    expect(reordered).toEqual([twins[2], twins[0], twins[1]]);
  });

  it('makes a key of its own for a payment paid again on purpose, the same on every try', async () => {
    const [base] = await derivePaymentKeys('sk_1', [payment(2)]);
    const again = await derivePaymentKeys('sk_1', [payment(2)], new Map([[2, 'transfer-1']]));
    expect(again[0]).not.toBe(base);
    expect(await derivePaymentKeys('sk_1', [payment(2)], new Map([[2, 'transfer-1']]))).toEqual(again);
  });
});
