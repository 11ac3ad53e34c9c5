import { z } from 'zod';

/** Shapes of what the sandbox answers, for its OpenAPI document. `.meta({ 'x-extension': true })` marks additions. */

export const errorResponse = z
  .object({
    success: z.literal(false),
    error_code: z.string().meta({ 'x-extension': true, description: 'Kebab-case, stable; for programs' }),
    message: z.string(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ 'x-extension': true, description: 'Every field problem, by dotted path' }),
  })
  .meta({ title: 'error' });

export const organizationResponse = z
  .object({
    id: z.uuid(),
    name: z.string().meta({ 'x-extension': true }),
    balance: z.int().meta({ description: 'Cents' }),
  })
  .meta({ title: 'organization' });

export const payoutMethodResponse = z
  .object({
    id: z.string(),
    platform: z.literal('ach'),
    description: z.string(),
    mask: z.string().meta({ description: 'Last four digits of the account number' }),
    account_type: z.enum(['checking', 'savings']).meta({ 'x-extension': true }),
  })
  .meta({ title: 'payment-method' });

export const standardErrors = {
  400: { description: 'Invalid request: every field problem is listed', schema: errorResponse },
  401: { description: 'Missing or wrong credentials', schema: errorResponse },
  403: { description: 'Resource not found or unauthorized', schema: errorResponse },
} as const;

export const addressResponse = z
  .object({
    id: z.uuid().meta({ 'x-extension': true }),
    created: z.iso.datetime().meta({ 'x-extension': true }),
    line_1: z.string(),
    line_2: z.string().nullable(),
    line_3: z.string().nullable(),
    city: z.string(),
    state: z.string().meta({ description: 'USPS code, upper-case, when the country is US' }),
    postcode: z.string(),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2, upper-case' }),
  })
  .meta({ title: 'address' });

const phoneResponse = z
  .object({ country_code: z.string(), phone_number: z.string() })
  .nullable()
  .meta({ description: 'Digits only: country calling code, and the national number' });

/** A user in a list (the vendor's `user`, with the fields the sandbox keeps). */
export const userSummaryResponse = z
  .object({
    id: z.uuid(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: phoneResponse,
    status: z.enum(['verified', 'unverified', 'in_review', 'disabled']),
  })
  .meta({ title: 'user' });

export const userResponse = userSummaryResponse
  .extend({ addresses: z.array(addressResponse).meta({ 'x-extension': true, description: 'Newest first' }) })
  .meta({ title: 'user-with-addresses' });

export const customerResponse = z
  .object({
    id: z.uuid(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    business_name: z.string().nullable(),
    email: z.string(),
    country_code: z.string().nullable(),
    phone_number: z.string().nullable(),
    created: z.iso.datetime(),
  })
  .meta({ title: 'payment-customer' });

export const appResponse = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: z.literal('approved'),
    metrics: z.object({
      wallet_balance: z.string().meta({ description: 'Dollars, as a decimal string' }),
      money_out: z.string(),
      connected_users: z.int(),
    }),
    metadata: z.null(),
    has_compliance: z.boolean().meta({ 'x-extension': true, description: 'A compliance record is on file' }),
  })
  .meta({ title: 'app' });

/** The vendor's page of a list: `{ data, has_more }`. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), has_more: z.boolean() });
}

export const successMessageResponse = z.object({ success: z.literal(true), message: z.string() });
