import type { ContactDetails, W9Form } from '../../../api/onboarding';
import type { User } from '../../../api/schemas';
import type { FlowDelivery } from '../../../lib/flow-links';
import { formSchemaFor } from '../../../lib/form-schema';
import { phoneDigits } from '../../../lib/phone';
import { CONTACT_FIELDS, updateUserSchema, verifyUserSchema, w9Schema } from '../../../lib/requests/users';
import { z } from '../../../lib/zod';

/** The forms of a user's onboarding page, each checked by the schema the service reads (lib/requests/users.ts). */

export const STEP_LABELS: Record<string, string> = {
  compliance: 'Tax form (W-9)',
  'manage-payouts': 'Payout method',
  payout: 'Claim their payout',
  'id-verification': 'Identity',
  redirect: 'Return to your site',
};
/** In the order the payee meets them: the tax form first, so that a payout method that waits holds nothing else up. */
export const OFFERED = ['compliance', 'manage-payouts', 'payout', 'id-verification'] as const;

/** A new onboarding link: its steps (sent in the order the payee meets them) and how it is sent. */
export const linkFormSchema = z.object({
  steps: z
    .array(z.enum(OFFERED))
    .min(1, 'Choose at least one step')
    .transform((picked) => OFFERED.filter((step) => picked.includes(step))),
  delivery: z.enum(['email', 'copy']),
});
export type LinkFormValues = z.input<typeof linkFormSchema>;

/** The code the user reads out, as the service's rule says it. */
export const codeFormSchema = z.object({
  voice: z.enum(['sms', 'voice']),
  code: z.string().trim().pipe(verifyUserSchema.shape.token),
});
export type CodeFormValues = z.input<typeof codeFormSchema>;

/** The W-9's fields as the form has them: flat, each a string as typed. */
export const TAX_FIELDS = [
  'entity_type',
  'business_name',
  'first_name',
  'last_name',
  'date_of_birth',
  'tin',
  'line_1',
  'city',
  'state',
  'postcode',
] as const;
type TaxField = (typeof TAX_FIELDS)[number];
export type TaxFormValues = Record<Exclude<TaxField, 'entity_type'>, string> & {
  entity_type: 'individual' | 'business';
};

export const emptyTaxForm = (entity_type: TaxFormValues['entity_type'] = 'individual'): TaxFormValues => ({
  entity_type,
  business_name: '',
  first_name: '',
  last_name: '',
  date_of_birth: '',
  tin: '',
  line_1: '',
  city: '',
  state: '',
  postcode: '',
});

/** The W-9 body of the form's values: a US address, a business name only when one is given. */
export function toW9(values: TaxFormValues): W9Form {
  return {
    entity_type: values.entity_type,
    ...(values.business_name ? { business_name: values.business_name } : {}),
    first_name: values.first_name,
    last_name: values.last_name,
    date_of_birth: values.date_of_birth,
    tin: values.tin,
    address: {
      line_1: values.line_1,
      city: values.city,
      state: values.state,
      postcode: values.postcode,
      country: 'US',
    },
  };
}

export const taxField = (path: string): TaxField | undefined =>
  TAX_FIELDS.find((field) => field === path.split('.').at(-1));

export const taxFormSchema = formSchemaFor(
  z.object({
    entity_type: z.enum(['individual', 'business']),
    business_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    date_of_birth: z.string(),
    tin: z.string(),
    line_1: z.string(),
    city: z.string(),
    state: z.string(),
    postcode: z.string(),
  }),
  toW9,
  w9Schema,
  taxField,
);

type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFormValues = Record<ContactField, string>;

export function contactOf(user: User): ContactFormValues {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email ?? '',
    country_code: user.phone_number?.country_code ?? '1',
    phone_number: user.phone_number?.phone_number ?? '',
  };
}

/** Only what changed from `before`, trimmed; a phone goes with its country code, as the service wants them. */
export function contactChanges(before: ContactFormValues, values: ContactFormValues): ContactDetails {
  const given: ContactFormValues = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    country_code: phoneDigits(values.country_code),
    phone_number: phoneDigits(values.phone_number),
  };
  const phoneChanged =
    given.phone_number !== before.phone_number || given.country_code !== before.country_code;
  return {
    ...(given.first_name !== before.first_name ? { first_name: given.first_name } : {}),
    ...(given.last_name !== before.last_name ? { last_name: given.last_name } : {}),
    ...(given.email !== before.email ? { email: given.email } : {}),
    ...(phoneChanged ? { country_code: given.country_code, phone_number: given.phone_number } : {}),
  };
}

export const contactField = (path: string): ContactField | undefined =>
  CONTACT_FIELDS.find((field) => field === path);

/** The contact form of one user: what changed is checked by the service's PATCH schema, each rule at its field. */
export const contactFormSchema = (before: ContactFormValues) =>
  formSchemaFor(
    z.object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      country_code: z.string(),
      phone_number: z.string(),
    }),
    (values) => contactChanges(before, values),
    updateUserSchema,
    contactField,
  );

/** Deleting a user is confirmed by typing their name. */
export const deleteFormSchema = (name: string) =>
  z.object({ typed: z.string().refine((typed) => typed.trim() === name, `Type ${name}`) });

/** The delivery a link goes by: the one picked when allowed, else the other when that is, else none. */
export function chosenDelivery(
  picked: FlowDelivery,
  allowed: (how: FlowDelivery) => boolean,
): FlowDelivery | null {
  if (allowed(picked)) return picked;
  const other: FlowDelivery = picked === 'email' ? 'copy' : 'email';
  return allowed(other) ? other : null;
}
