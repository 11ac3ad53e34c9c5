import { describe, expect, it } from 'vitest';
import { payoutLinkFormSchema, phoneParts, toPayoutLinkRequest } from './payout-link-form';

const values = {
  amount: '25',
  delivery: 'email' as const,
  email: 'rae@example.com',
  phone: '',
  memo: '',
  appId: 'app-1',
};

describe('a payout link form', () => {
  it('reads phone numbers as the vendor takes them', () => {
    expect(phoneParts('+1 (415) 555-0123')).toEqual({ country_code: '1', phone_number: '4155550123' });
    expect(phoneParts('415 555 0123')).toEqual({ country_code: '1', phone_number: '4155550123' });
    expect(phoneParts('+44 20 7946 0958')).toEqual({ country_code: '44', phone_number: '2079460958' });
    expect(phoneParts('555 0123')).toBeNull();
  });

  it('asks for what the chosen delivery needs, at its field', () => {
    const errors = (v: object) =>
      payoutLinkFormSchema.safeParse({ ...values, ...v }).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(errors({})).toEqual([]);
    expect(errors({ email: 'nope' })).toEqual(['email']);
    expect(errors({ delivery: 'sms', phone: '12' })).toEqual(['phone']);
    expect(errors({ delivery: 'link', email: '' })).toEqual([]);
    expect(errors({ amount: '0' })).toEqual(['amount']);
    expect(errors({ appId: '' })).toEqual(['appId']);
  });

  it('builds the body in cents with the payee the delivery needs, and its key', () => {
    expect(toPayoutLinkRequest({ ...values, memo: ' Thanks ' }, 'k')).toEqual({
      amount: 2500,
      delivery: { method: 'email' },
      payee: { email: 'rae@example.com' },
      memo: 'Thanks',
      idempotency_key: 'k',
    });
    expect(toPayoutLinkRequest({ ...values, delivery: 'link' }, 'k')).not.toHaveProperty('payee');
    // The wallet is the request's Api-App-Id header, never a field of the body.
    expect(toPayoutLinkRequest(values, 'k')).not.toHaveProperty('appId');
  });
});
