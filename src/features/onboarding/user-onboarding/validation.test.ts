import { describe, expect, it } from 'vitest';
import {
  chosenDelivery,
  codeFormSchema,
  contactChanges,
  contactFormSchema,
  deleteFormSchema,
  emptyTaxForm,
  linkFormSchema,
  taxFormSchema,
} from './validation';

/** The first message of each field, as the form shows it (zodResolver keeps the first). */
const issuesOf = (parsed: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) =>
  Object.fromEntries(
    (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]).reverse(),
  );

const W9 = {
  ...emptyTaxForm(),
  first_name: 'Rae',
  last_name: 'Payee',
  date_of_birth: '1990-04-01',
  tin: '521874963',
  line_1: '1 Market Street',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94105',
};

describe('the tax form', () => {
  it('sends the W-9 with a US address', () => {
    expect(taxFormSchema.parse(W9)).toEqual({
      entity_type: 'individual',
      first_name: 'Rae',
      last_name: 'Payee',
      date_of_birth: '1990-04-01',
      tin: '521874963',
      address: {
        line_1: '1 Market Street',
        city: 'San Francisco',
        state: 'CA',
        postcode: '94105',
        country: 'US',
      },
    });
  });

  it('says each rule of the service at its field, the address flat', () => {
    expect(
      issuesOf(taxFormSchema.safeParse({ ...W9, state: 'XX', postcode: '9410', date_of_birth: '' })),
    ).toEqual({
      date_of_birth: 'A date, YYYY-MM-DD',
      state: expect.any(String),
      postcode: expect.any(String),
    });
    expect(Object.keys(issuesOf(taxFormSchema.safeParse({ ...W9, tin: '123' })))).toEqual(['tin']);
  });

  it('asks a business for its legal name', () => {
    expect(
      issuesOf(taxFormSchema.safeParse({ ...W9, entity_type: 'business', tin: '12-3456789' })),
    ).toMatchObject({
      business_name: 'A business gives its legal name',
    });
  });
});

describe('the contact details', () => {
  const before = {
    first_name: 'Rae',
    last_name: 'Payee',
    email: 'rae@example.com',
    country_code: '1',
    phone_number: '4155550134',
  };

  it('sends only what changed, trimmed, a phone with its country code', () => {
    expect(contactChanges(before, { ...before, last_name: ' Renamed ' })).toEqual({ last_name: 'Renamed' });
    expect(contactChanges(before, { ...before, country_code: '+44', phone_number: '7700 900-123' })).toEqual({
      country_code: '44',
      phone_number: '7700900123',
    });
    expect(contactFormSchema(before).parse(before)).toEqual({});
  });

  it("says the service's rule at the field that breaks it", () => {
    expect(issuesOf(contactFormSchema(before).safeParse({ ...before, last_name: '' }))).toEqual({
      last_name: 'Enter the last name',
    });
    expect(issuesOf(contactFormSchema(before).safeParse({ ...before, email: 'not-an-address' }))).toEqual({
      email: 'An email address',
    });
  });
});

describe('the verification code', () => {
  it('is the 6 digits the user reads out', () => {
    expect(codeFormSchema.parse({ voice: 'sms', code: ' 123456 ' }).code).toBe('123456');
    expect(issuesOf(codeFormSchema.safeParse({ voice: 'sms', code: '12345' }))).toEqual({
      code: 'The 6-digit code the user received',
    });
  });
});

describe('a new onboarding link', () => {
  it('sends its steps in the order the payee meets them, at least one', () => {
    expect(
      linkFormSchema.parse({ steps: ['manage-payouts', 'compliance'], delivery: 'email' }).steps,
    ).toEqual(['compliance', 'manage-payouts']);
    expect(issuesOf(linkFormSchema.safeParse({ steps: [], delivery: 'copy' }))).toEqual({
      steps: 'Choose at least one step',
    });
  });

  it('goes the way picked when allowed, else the other, else none', () => {
    expect(chosenDelivery('email', () => true)).toBe('email');
    expect(chosenDelivery('email', (how) => how === 'copy')).toBe('copy');
    expect(chosenDelivery('copy', () => false)).toBeNull();
  });
});

describe('deleting a user', () => {
  it('is confirmed by their name, as typed', () => {
    expect(deleteFormSchema('Del Eted').safeParse({ typed: ' Del Eted ' }).success).toBe(true);
    expect(deleteFormSchema('Del Eted').safeParse({ typed: 'Del' }).success).toBe(false);
  });
});
