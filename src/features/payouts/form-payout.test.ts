import { describe, expect, it } from 'vitest';
import type { PayoutMethod } from '../../api/schemas';
import { toPayoutRequest } from '../../lib/payout-request';
import { DEFAULT_METHOD, methodKey, payableMethods, payoutOfForm } from './form-payout';
import { emptyPayoutForm, type PayoutFormValues } from './payout-form-schema';

const PAYEE = 'A169451C-8525-4352-B8CA-070DD449A1A5';
const BANK = '3f1d2c4b-5555-4000-8000-0000000000b1';
const KEY = '0b7f8a52-2f4e-4c1a-9d5e-7a1b2c3d4e5f';
const methods: PayoutMethod[] = [
  { id: BANK, platform: 'bank_transfer', mask: '6789', account_type: 'checking' },
  { id: 'pp-1', platform: 'paypal', email: 'sam@example.com', is_default: true },
  { id: 'string', platform: 'ach', mask: '1111' },
  { id: 'zz-1', platform: 'zelle' },
];

const form = (over: Partial<PayoutFormValues>): PayoutFormValues => ({
  ...emptyPayoutForm(` ${PAYEE} `),
  amount: '25.00',
  appId: 'app-1',
  ...over,
});

/** The form's way to a request body: its payout, then the one builder a file's rows use too. */
function bodyOf(values: PayoutFormValues) {
  const made = payoutOfForm(values, { cents: 2500, methods });
  if (!made.ok) throw new Error(made.message);
  return toPayoutRequest(made.payout, { idempotencyKey: KEY, operator: 'fiona@example.com' });
}

describe("Send payout's request body", () => {
  it('pays a bank account by its id, on the ach rail, with the reference as metadata', () => {
    expect(bodyOf(form({ methodId: BANK, reference: '  INV-9 ' }))).toEqual({
      user_id: PAYEE.toLowerCase(),
      amount: 2500,
      platform: 'ach',
      account_id: BANK,
      fund: true,
      idempotency_key: KEY,
      metadata: { reference: 'INV-9', console_request_id: KEY, initiated_by: 'fiona@example.com' },
    });
  });

  it('pays a wallet by its kind alone, and the default method by the service’s choice', () => {
    expect(bodyOf(form({ methodId: 'pp-1' }))).toMatchObject({ platform: 'paypal', metadata: {} });
    expect(bodyOf(form({ methodId: 'pp-1' }))).not.toHaveProperty('account_id');
    const byDefault = payoutOfForm(form({ methodId: DEFAULT_METHOD }), { cents: 2500, methods });
    expect(byDefault).toMatchObject({ ok: true, byDefault: true, method: { id: 'pp-1' } });
    expect(bodyOf(form({ methodId: DEFAULT_METHOD }))).toMatchObject({ platform: 'default' });
    expect(bodyOf(form({ methodId: DEFAULT_METHOD }))).not.toHaveProperty('account_id');
  });

  it('refuses a method that is not among the payee’s payable ones, at its field', () => {
    expect(payoutOfForm(form({ methodId: 'gone' }), { cents: 2500, methods })).toEqual({
      ok: false,
      field: 'methodId',
      message: 'Choose where the money goes',
    });
  });

  it('offers only rails the console pays, and a bank account only by a real id', () => {
    expect(payableMethods(methods).map(methodKey)).toEqual([BANK, 'pp-1']);
  });
});
