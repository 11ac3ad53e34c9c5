import { describe, expect, it } from 'vitest';
import { type RequestExtras, toPaymentRequest as toRequest } from '../../lib/payment-request';
import { paymentOfForm } from './form-payment';
import { emptyPaymentForm, type PaymentFormValues, paymentFormSchema } from './payment-form-schema';

/** The form's way to a request body: its payment, then the one builder a file's rows use too. */
const toPaymentRequest = (values: PaymentFormValues, extras?: RequestExtras) =>
  toRequest(paymentOfForm(values), extras);

const USER = '3F1D2C4B-1111-4000-8000-000000000001';
const CUSTOMER = '3f1d2c4b-2222-4000-8000-000000000002';
const ACCOUNT = '3f1d2c4b-3333-4000-8000-000000000003';

function form(overrides: Partial<PaymentFormValues>): PaymentFormValues {
  return {
    ...emptyPaymentForm(),
    userId: USER,
    customerId: CUSTOMER,
    amount: '1,234.50',
    accountNumber: '0001 2345 6789',
    confirmAccountNumber: '000123456789',
    routingNumber: ' 021000021 ',
    accountId: ACCOUNT,
    ...overrides,
  };
}

describe("a form's request body", () => {
  it('user + bank account', () => {
    expect(toPaymentRequest(form({ payer: 'user', source: 'bank', accountType: 'savings' }))).toEqual({
      amount: 123450,
      platform: 'ach',
      user_id: USER.toLowerCase(),
      ach_info: { account_number: '000123456789', routing_number: '021000021', account_type: 'savings' },
    });
  });

  it('user + stored account', () => {
    expect(toPaymentRequest(form({ payer: 'user', source: 'stored' }))).toEqual({
      amount: 123450,
      platform: 'ach',
      user_id: USER.toLowerCase(),
      account_id: ACCOUNT,
    });
  });

  it('customer + bank account', () => {
    expect(toPaymentRequest(form({ payer: 'customer', source: 'bank' }))).toEqual({
      amount: 123450,
      platform: 'ach',
      customer_id: CUSTOMER,
      ach_info: { account_number: '000123456789', routing_number: '021000021', account_type: 'checking' },
    });
  });

  it('customer + "stored" still pays with bank details: stored accounts belong to users', () => {
    const request = toPaymentRequest(form({ payer: 'customer', source: 'stored' }));
    expect(request.account_id).toBeUndefined();
    expect(request.ach_info?.account_number).toBe('000123456789');
    expect(request.user_id).toBeUndefined();
  });

  it('metadata rows become an object, blank keys dropped; the key and the operator ride along', () => {
    const request = toPaymentRequest(
      form({
        metadata: [
          { key: ' order ', value: 'A-1' },
          { key: '', value: '' },
        ],
      }),
      { idempotencyKey: 'key-1', operator: 'ana@example.com' },
    );
    expect(request.metadata).toEqual({
      order: 'A-1',
      console_request_id: 'key-1',
      initiated_by: 'ana@example.com',
    });
    expect(request.idempotency_key).toBe('key-1');
    expect(toPaymentRequest(form({}))).not.toHaveProperty('metadata');
  });
});

describe('paymentFormSchema', () => {
  const problems = (values: PaymentFormValues) => {
    const result = paymentFormSchema.safeParse(values);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('a complete form passes', () => {
    expect(problems(form({}))).toEqual({});
  });

  it('puts every problem at its field', () => {
    expect(
      problems(
        form({
          userId: 'abc',
          amount: '0',
          accountNumber: '12',
          confirmAccountNumber: '13',
          routingNumber: '123456789',
          metadata: [
            { key: 'a', value: '1' },
            { key: 'a', value: '2' },
            { key: '', value: 'x' },
          ],
        }),
      ),
    ).toEqual({
      userId: 'Choose the user who pays: type a name, email, phone or ID',
      amount: 'The amount must be at least $0.01',
      accountNumber: 'An account number has 7 to 17 digits',
      confirmAccountNumber: 'The account numbers do not match',
      routingNumber: 'This is not a valid ABA routing number (check digit does not match)',
      'metadata.1.key': 'This key is already used',
      'metadata.2.key': 'Give this value a key',
    });
  });

  it('a stored source needs an account on file; a customer needs bank details', () => {
    expect(problems(form({ source: 'stored', accountId: '' }))).toEqual({
      accountId: 'Choose an account on file',
    });
    expect(problems(form({ payer: 'customer', source: 'stored', accountNumber: '' }))).toMatchObject({
      accountNumber: 'Enter the account number',
    });
  });

  it('refuses amounts over $1,000,000', () => {
    expect(problems(form({ amount: '1,000,000.01' }))).toEqual({
      amount: 'The amount can be at most $1,000,000.00',
    });
  });
});
