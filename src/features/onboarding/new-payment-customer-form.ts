import type { NewPaymentCustomer } from '../../api/onboarding';
import { formSchemaFor } from '../../lib/form-schema';
import { phoneDigits } from '../../lib/phone';
import { createPaymentCustomerSchema } from '../../lib/requests/onboarding';
import { z } from '../../lib/zod';

const FIELDS = [
  'kind',
  'first_name',
  'last_name',
  'business_name',
  'email',
  'country_code',
  'phone_number',
] as const;
export type PaymentCustomerFormValues = Record<Exclude<(typeof FIELDS)[number], 'kind'>, string> & {
  kind: 'person' | 'business';
};

/** The body of a new payment customer: a person's names or a business's, and a phone only when one is typed. */
export function toPaymentCustomer(values: PaymentCustomerFormValues): NewPaymentCustomer {
  const phone = values.phone_number.replace(/\D/g, '');
  return {
    ...(values.kind === 'person'
      ? { first_name: values.first_name.trim(), last_name: values.last_name.trim() }
      : { business_name: values.business_name.trim() }),
    email: values.email.trim(),
    ...(phone ? { country_code: phoneDigits(values.country_code), phone_number: phone } : {}),
  };
}

export const paymentCustomerField = (path: string) =>
  FIELDS.find((field) => field === path.split('.').at(-1));

const values = z.object({
  kind: z.enum(['person', 'business']),
  first_name: z.string(),
  last_name: z.string(),
  business_name: z.string(),
  email: z.string(),
  country_code: z.string(),
  phone_number: z.string(),
});

/** The names first, in words for the person filling in the form; then the rest by the service's own schema. */
export const paymentCustomerFormSchema = values
  .superRefine((form, ctx) => {
    const missing = (field: 'first_name' | 'last_name' | 'business_name', message: string) => {
      if (form[field].trim() === '') ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (form.kind === 'person') {
      missing('first_name', 'Enter the first name');
      missing('last_name', 'Enter the last name');
    } else missing('business_name', 'Enter the business name');
  })
  .pipe(formSchemaFor(values, toPaymentCustomer, createPaymentCustomerSchema, paymentCustomerField));
