import { US_POSTCODE, US_POSTCODE_MESSAGE, US_STATE_MESSAGE } from '../address';
import { isUsStateCode } from '../countries';
import { countryCallingCode } from '../phone';
import { tinProblem } from '../tin';
import { z } from '../zod';

/** The bodies of the vendor's user operations (docs/vendor/dots-v2-openapi.yaml), one message per field. */

const RAILS = ['ach', 'paypal', 'venmo', 'cash_app', 'intl_bank', 'airtm', 'payoneer', 'crypto'] as const;
export const railSchema = z.enum(RAILS, `One of ${RAILS.join(', ')}`);

const name = (what: string) =>
  z.string().trim().min(1, `Enter the ${what}`).max(50, `A ${what} has at most 50 characters`);

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a date of the calendar');

/** Metadata, as the vendor types it: a string or an object. */
export const userMetadata = z.union([z.string().max(4096), z.record(z.string(), z.unknown())]);

const month = z.int().min(0, 'Cents, 0 or more');
const adjustment1099 = z.union([
  z
    .object({ year: z.int(), form: z.literal('1099-NEC'), amount: z.int().min(1, 'At least 1 cent') })
    .strict(),
  z
    .object({
      year: z.int(),
      form: z.literal('1099-K'),
      monthly_amounts: z
        .object(
          Object.fromEntries(
            [
              'january',
              'february',
              'march',
              'april',
              'may',
              'june',
              'july',
              'august',
              'september',
              'october',
              'november',
              'december',
            ].map((m) => [m, month]),
          ),
        )
        .strict(),
      transaction_count: z.int().min(1).optional(),
    })
    .strict(),
]);

export const createUserSchema = z
  .object({
    first_name: name('first name'),
    last_name: name('last name'),
    email: z.email('An email address').max(320),
    country_code: countryCallingCode,
    phone_number: z.string().regex(/^[0-9]{1,20}$/, 'The digits of the phone number, like 4155550134'),
    username: z.string().min(1).max(50).optional(),
    date_of_birth: isoDate.optional(),
    '1099_adjustment': adjustment1099.optional(),
    metadata: userMetadata.optional(),
    payout_options_exclude_list: z.array(railSchema).optional(),
  })
  .strict();
export type CreateUser = z.infer<typeof createUserSchema>;

/** The contact details PATCH may change in the sandbox (an extension: the vendor's update has none of them). */
export const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'country_code', 'phone_number'] as const;

export const updateUserSchema = z
  .object({
    first_name: name('first name').optional(),
    last_name: name('last name').optional(),
    email: z.email('An email address').max(320).optional(),
    country_code: countryCallingCode.optional(),
    phone_number: z
      .string()
      .regex(/^[0-9]{1,20}$/, 'The digits of the phone number, like 4155550134')
      .optional(),
    default_payout_method: railSchema.optional(),
    auto_payout_enabled: z.boolean().optional(),
    date_of_birth: isoDate.optional(),
    '1099_adjustment': adjustment1099.optional(),
    metadata: z.unknown().optional(),
    payout_options_exclude_list: z.array(railSchema).optional(),
  })
  .strict()
  .refine((body) => (body.country_code === undefined) === (body.phone_number === undefined), {
    message: 'A phone number comes with its country code',
    path: ['phone_number'],
  });
export type UpdateUser = z.infer<typeof updateUserSchema>;

const addressFields = z
  .object({
    line_1: z.string().trim().min(1, 'Enter the street address').max(100),
    line_2: z.string().max(100).optional(),
    city: z.string().trim().min(1, 'Enter the city').max(100),
    state: z.string().trim().min(2, 'Enter the state').max(60),
    country: z.string().trim().min(2, 'Enter the country').max(60),
    postcode: z.string().trim().min(3, 'Enter the ZIP code').max(20),
  })
  .strict();

const w9Address = addressFields
  // A W-9 is a US form: its address is a US one, by the rules of every US address the service takes.
  .superRefine((address, ctx) => {
    if (address.country.toUpperCase() !== 'US') return;
    if (!isUsStateCode(address.state)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: US_STATE_MESSAGE });
    }
    if (!US_POSTCODE.test(address.postcode)) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: US_POSTCODE_MESSAGE });
    }
  });

export const w9Schema = z
  .object({
    entity_type: z.enum(['individual', 'business'], 'individual or business'),
    business_name: z.string().trim().min(1).max(100).optional(),
    first_name: z.string().trim().max(50).optional(),
    last_name: z.string().trim().max(50).optional(),
    date_of_birth: isoDate,
    tin: z.string().min(9, 'A TIN has 9 digits').max(11, 'A TIN has 9 digits'),
    address: w9Address,
  })
  .strict()
  .superRefine((form, ctx) => {
    const problem = tinProblem(form.tin, form.entity_type);
    if (problem) ctx.addIssue({ code: 'custom', path: ['tin'], message: problem });
    if (form.entity_type === 'business' && !form.business_name) {
      ctx.addIssue({ code: 'custom', path: ['business_name'], message: 'A business gives its legal name' });
    }
  });

const NO_FOREIGN_TAX_ID_NEEDED = ['AU', 'BM', 'VG', 'KY', 'JP'];
export const w8benSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the full name').max(100),
    citizenship_country: z.string().regex(/^[A-Z]{2}$/, 'A two-letter country code, like GB'),
    date_of_birth: isoDate,
    foreign_tax_id: z.string().trim().min(1).max(40).optional(),
    tax_treaty_country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    tax_treaty_citation: z.string().max(200).optional(),
    tax_treaty_rate: z.number().min(0).max(1).optional(),
    tax_treaty_income_type: z
      .enum([
        'interest1',
        'dividend6',
        'dividend7',
        'pension15',
        'socialSecurity',
        'equipment10',
        'knowhow10',
        'patent10',
        'film11',
        'copyright12',
      ])
      .optional(),
    tax_treaty_explanation: z.string().max(1000).optional(),
    address: addressFields.extend({ state: z.string().max(60).optional() }),
    signature: z
      .object({
        consent: z.literal(true, 'The beneficial owner consents to sign'),
        name: z.string().trim().min(1, 'Enter the name of who signs'),
        email: z.email('An email address'),
      })
      .strict(),
  })
  .strict()
  .superRefine((form, ctx) => {
    if (!NO_FOREIGN_TAX_ID_NEEDED.includes(form.citizenship_country) && !form.foreign_tax_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['foreign_tax_id'],
        message: 'This country needs the foreign tax identification number',
      });
    }
  });

export const submitComplianceSchema = z
  .object({ w9: w9Schema.optional(), w8ben: w8benSchema.optional() })
  .strict()
  .refine((body) => (body.w9 === undefined) !== (body.w8ben === undefined), {
    message: 'Give one form: w9 or w8ben',
    path: ['w9'],
  });
export type SubmitCompliance = z.infer<typeof submitComplianceSchema>;

export const sendVerificationSchema = z.object({ use_voice: z.boolean().optional() }).strict();

export const verifyUserSchema = z
  .object({ token: z.string().regex(/^\d{6}$/, 'The 6-digit code the user received') })
  .strict();
