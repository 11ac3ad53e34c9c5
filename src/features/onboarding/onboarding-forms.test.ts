import { describe, expect, it } from 'vitest';
import { copyBetweenAppsFormSchema } from './copy-between-apps-form';
import { payeeLinkFormSchema } from './new-payee-link-form';
import { paymentCustomerFormSchema } from './new-payment-customer-form';

/** The first message of each field, as the form shows it (zodResolver keeps the first). */
const issuesOf = (parsed: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) =>
  Object.fromEntries(
    (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]).reverse(),
  );

const CUSTOMER = {
  kind: 'person' as const,
  first_name: 'Ada',
  last_name: 'Payer',
  business_name: '',
  email: 'ada@example.com',
  country_code: '+1',
  phone_number: '',
};

describe('a new payment customer', () => {
  it('is a person or a business, with a phone only when one is typed', () => {
    expect(paymentCustomerFormSchema.parse(CUSTOMER)).toEqual({
      first_name: 'Ada',
      last_name: 'Payer',
      email: 'ada@example.com',
    });
    expect(
      paymentCustomerFormSchema.parse({
        ...CUSTOMER,
        kind: 'business',
        business_name: ' Acme Supplies LLC ',
        phone_number: '(415) 555-0177',
      }),
    ).toEqual({
      business_name: 'Acme Supplies LLC',
      email: 'ada@example.com',
      country_code: '1',
      phone_number: '4155550177',
    });
  });

  it('says a missing name in words, at its field', () => {
    expect(issuesOf(paymentCustomerFormSchema.safeParse({ ...CUSTOMER, last_name: ' ' }))).toEqual({
      last_name: 'Enter the last name',
    });
    expect(issuesOf(paymentCustomerFormSchema.safeParse({ ...CUSTOMER, kind: 'business' }))).toEqual({
      business_name: 'Enter the business name',
    });
  });

  it("says the service's rules at their fields", () => {
    expect(issuesOf(paymentCustomerFormSchema.safeParse({ ...CUSTOMER, email: 'ada' }))).toEqual({
      email: 'An email address',
    });
  });
});

describe('a link for a new payee', () => {
  const LINK = {
    steps: ['compliance' as const],
    delivery: 'email' as const,
    email: ' rae@example.com ',
    ticket: '',
  };

  it('goes by email to a valid address where the console sends mail', () => {
    expect(payeeLinkFormSchema(true).parse(LINK)).toEqual({ ...LINK, email: 'rae@example.com' });
    expect(issuesOf(payeeLinkFormSchema(true).safeParse({ ...LINK, email: 'not-an-address' }))).toEqual({
      email: 'An email address, like rae@example.com',
    });
  });

  it('is copied where the console sends no mail, and then needs no address', () => {
    expect(payeeLinkFormSchema(false).parse({ ...LINK, email: '' }).delivery).toBe('copy');
  });

  it('has at least one step, and a ticket reference by its rule', () => {
    expect(issuesOf(payeeLinkFormSchema(true).safeParse({ ...LINK, steps: [], ticket: 'ZD 12' }))).toEqual({
      steps: 'Choose at least one step',
      ticket: 'Up to 40 letters, digits and . _ # / : -, like ZD-1234',
    });
  });
});

describe('a copy of compliance between apps', () => {
  const A = '5A1DBFC8-7E4B-4C1A-9D2E-0DE30C0DE001';
  const B = '5a1dbfc8-7e4b-4c1a-9d2e-0de30c0de002';

  it('copies from one app to another, by their ids', () => {
    expect(copyBetweenAppsFormSchema.parse({ source: ` ${A} `, destination: B })).toEqual({
      source_app_id: A.toLowerCase(),
      destination_app_id: B,
    });
  });

  it('asks for both apps, and two different ones', () => {
    expect(issuesOf(copyBetweenAppsFormSchema.safeParse({ source: '', destination: 'acme' }))).toEqual({
      source: 'Choose the app to copy from: type its name',
      destination: 'Choose the app to copy to: type its name',
    });
    expect(
      issuesOf(copyBetweenAppsFormSchema.safeParse({ source: A, destination: A.toLowerCase() })),
    ).toEqual({
      destination: 'Choose another app than the one copied from',
    });
  });
});
