import { describe, expect, it } from 'vitest';
import { createVendorSchema } from '../../lib/requests/accounts-payable';
import {
  EMPTY_VENDOR,
  toCreateVendor,
  toCreateVendorMethod,
  vendorAccountFormSchema,
  vendorFieldOf,
  vendorFormSchema,
} from './vendor-form';

const filled = {
  ...EMPTY_VENDOR,
  name: ' Northwind Hosting ',
  line_1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  postcode: '78701',
};

describe("a new vendor's form", () => {
  it('builds the body the service takes, with what was left empty absent', () => {
    const body = toCreateVendor(vendorFormSchema.parse(filled));
    expect(body).toEqual({
      name: 'Northwind Hosting',
      address: { line_1: '1 Main St', city: 'Austin', state: 'TX', postcode: '78701', country: 'US' },
    });
    expect(createVendorSchema.safeParse(body).success).toBe(true);
    const full = toCreateVendor(
      vendorFormSchema.parse({
        ...filled,
        contact_email: 'ap@nw.example',
        external_id: 'V-9',
        line_2: 'Suite 2',
      }),
    );
    expect(full).toMatchObject({
      contact_email: 'ap@nw.example',
      external_id: 'V-9',
      address: { line_2: 'Suite 2' },
    });
    expect(createVendorSchema.safeParse(full).success).toBe(true);
  });

  it("says each field's rule at the field", () => {
    const result = vendorFormSchema.safeParse({
      ...EMPTY_VENDOR,
      contact_email: 'not an email',
      state: 'XX',
      postcode: '7870',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(byField).toEqual({
      name: 'Required',
      contact_email: 'Enter an email address',
      line_1: 'Required',
      city: 'Required',
      state: 'Choose the US state',
      postcode: 'A US ZIP code is 12345 or 12345-6789',
    });
  });

  it("puts the service's refusals at the form's fields", () => {
    expect(vendorFieldOf('address.postcode')).toBe('postcode');
    expect(vendorFieldOf('contact_email')).toBe('contact_email');
    expect(vendorFieldOf('address.country')).toBeUndefined();
  });
});

describe("a vendor's new bank account", () => {
  const account = {
    name: 'Operating',
    ach_account_number: '000111112222',
    ach_routing_number: '021000021',
    ach_account_type: 'checking' as const,
  };

  it('is typed twice, and a slip of one digit is said at the confirmation', () => {
    const slipped = vendorAccountFormSchema.safeParse({ ...account, confirm_account_number: '000111112223' });
    expect(slipped.success).toBe(false);
    expect(slipped.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirm_account_number', 'The account numbers do not match'],
    ]);
  });

  it('is sent without its confirmation', () => {
    expect(toCreateVendorMethod({ ...account, confirm_account_number: '000111112222' })).toEqual(account);
  });
});
