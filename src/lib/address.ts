import { isCountryCode, isUsStateCode } from './countries';
import { z } from './zod';

/**
 * The rules of an address, one module for the sandbox (request validation) and the console (the form), so that the
 * browser refuses exactly what the server would. Values are trimmed; blank is missing; each at most 100 characters.
 */
export const ADDRESS_FIELD_MAX = 100;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const textError = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'Required' : 'Must be text'),
};

function requiredText() {
  return z.preprocess(
    (value) => (trimmed(value) === '' ? undefined : trimmed(value)),
    z.string(textError).max(ADDRESS_FIELD_MAX, `At most ${ADDRESS_FIELD_MAX} characters`),
  );
}

function optionalText() {
  return z.preprocess(
    (value) => (trimmed(value) === '' ? undefined : trimmed(value)),
    z.string(textError).max(ADDRESS_FIELD_MAX, `At most ${ADDRESS_FIELD_MAX} characters`).optional(),
  );
}

export const US_POSTCODE = /^\d{5}(-\d{4})?$/;
export const US_POSTCODE_MESSAGE = 'A US ZIP code is 12345 or 12345-6789';
export const US_STATE_MESSAGE = 'A US state is its 2-letter USPS code, like CA or NY';

export const addressSchema = z
  .object({
    line_1: requiredText(),
    line_2: optionalText(),
    line_3: optionalText(),
    city: requiredText(),
    state: requiredText(),
    postcode: requiredText(),
    country: requiredText()
      .transform((code) => code.toUpperCase())
      .refine(isCountryCode, 'Not an ISO 3166-1 alpha-2 country code (like US, GB or DE)'),
  })
  .strict()
  // US rules run even when other fields have problems, so that one answer lists every problem.
  .superRefine(
    (address, ctx) => {
      const country = typeof address.country === 'string' ? address.country.trim().toUpperCase() : '';
      if (country !== 'US') return;
      const state = typeof address.state === 'string' ? address.state.trim() : '';
      const postcode = typeof address.postcode === 'string' ? address.postcode.trim() : '';
      if (state && !isUsStateCode(state)) {
        ctx.addIssue({
          code: 'custom',
          path: ['state'],
          message: US_STATE_MESSAGE,
        });
      }
      if (postcode && !US_POSTCODE.test(postcode)) {
        ctx.addIssue({ code: 'custom', path: ['postcode'], message: US_POSTCODE_MESSAGE });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((address) =>
    address.country === 'US' ? { ...address, state: address.state.toUpperCase() } : address,
  );

export type Address = z.output<typeof addressSchema>;
