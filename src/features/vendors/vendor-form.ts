import { US_STATES } from '../../lib/countries';
import {
  type CreateVendor,
  type CreateVendorMethod,
  createVendorMethodSchema,
  createVendorSchema,
  vendorAddressSchema,
} from '../../lib/requests/accounts-payable';
import { z } from '../../lib/zod';

/**
 * A new vendor's form: the service's own rules for each field (lib/requests/accounts-payable.ts), flat so that each
 * rule is said at its field, and the optional ones empty rather than absent. `toCreateVendor` builds the body.
 */
const optional = (max: number, rule?: z.ZodType<string>) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((value) => value === '' || !rule || rule.safeParse(value).success, 'Enter an email address');

export const vendorFormSchema = z.object({
  name: createVendorSchema.shape.name,
  contact_email: optional(320, z.email()),
  external_id: optional(200),
  line_1: vendorAddressSchema.shape.line_1,
  line_2: optional(100),
  city: vendorAddressSchema.shape.city,
  state: z.string().refine((code) => code in US_STATES, 'Choose the US state'),
  postcode: vendorAddressSchema.shape.postcode,
});
export type VendorFormValues = z.input<typeof vendorFormSchema>;

export const EMPTY_VENDOR: VendorFormValues = {
  name: '',
  contact_email: '',
  external_id: '',
  line_1: '',
  line_2: '',
  city: '',
  state: '',
  postcode: '',
};

/** The form's fields by the service's paths (`address.city` → `city`), to put its refusals at their field. */
export function vendorFieldOf(path: string): keyof VendorFormValues | undefined {
  const field = path.replace(/^address\./, '');
  return field in EMPTY_VENDOR && field !== 'country' ? (field as keyof VendorFormValues) : undefined;
}

export function toCreateVendor(values: z.output<typeof vendorFormSchema>): CreateVendor {
  const line2 = values.line_2.trim();
  return {
    name: values.name,
    ...(values.contact_email ? { contact_email: values.contact_email } : {}),
    ...(values.external_id ? { external_id: values.external_id } : {}),
    address: {
      line_1: values.line_1,
      ...(line2 ? { line_2: line2 } : {}),
      city: values.city,
      state: values.state,
      postcode: values.postcode,
      country: 'US',
    },
  };
}

export const US_STATE_OPTIONS = Object.entries(US_STATES)
  .map(([code, name]) => ({ value: code, label: `${name} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * A vendor's new bank account as the form takes it: the service's fields, and the account number typed twice (as a
 * payment's is), so that a slip of one digit is caught before the account waits for a second member.
 */
export const vendorAccountFormSchema = createVendorMethodSchema
  .extend({ confirm_account_number: z.string() })
  .superRefine((values, context) => {
    if (values.confirm_account_number.trim() !== values.ach_account_number.trim()) {
      context.addIssue({
        code: 'custom',
        path: ['confirm_account_number'],
        message: 'The account numbers do not match',
      });
    }
  });
export type VendorAccountFormValues = z.input<typeof vendorAccountFormSchema>;

/** The service's body from the form: the confirmation stays in the form. */
export function toCreateVendorMethod(values: VendorAccountFormValues): CreateVendorMethod {
  const { confirm_account_number: _typedTwice, ...body } = values;
  return createVendorMethodSchema.parse(body);
}
