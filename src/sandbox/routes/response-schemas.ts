import { z } from 'zod';
import type { Disagreements, WireAgrees } from '../../lib/wire/agreement';
import type { PaymentCustomer, SandboxApp, SandboxPayoutMethod, SandboxUser } from '../../lib/wire/resources';

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
    platform: z.enum(['ach', 'paypal', 'venmo', 'cash_app']),
    description: z.string(),
    mask: z.string().optional().meta({ description: 'Last four digits of the account number (ach)' }),
    account_type: z.enum(['checking', 'savings']).optional().meta({ 'x-extension': true }),
    email: z.string().optional().meta({ description: 'paypal' }),
    phone_number: z.string().optional().meta({ description: 'venmo' }),
    handle: z.string().optional().meta({ 'x-extension': true, description: 'venmo' }),
    cash_tag: z.string().optional().meta({ description: 'cash_app' }),
    is_default: z
      .boolean()
      .optional()
      .meta({ 'x-extension': true, description: 'The method a `default` payout pays' }),
  })
  .meta({ title: 'payment-method' });
export type PayoutMethodAnswersTheWire = WireAgrees<
  Disagreements<z.output<typeof payoutMethodResponse>, SandboxPayoutMethod>
>;

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
  .optional()
  .meta({ description: 'Digits only: country calling code, and the national number; absent when unknown' });

/** A user in a list (the vendor's `user`, with the fields the sandbox keeps). */
export const userSummaryResponse = z
  .object({
    id: z.uuid(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: phoneResponse,
    default_payout_method: z.enum(['ach', 'paypal', 'venmo', 'cash_app']).optional(),
    default_payout_method_details: payoutMethodResponse.optional(),
    wallet: z.object({ amount: z.int(), withdrawable_amount: z.int(), credit_balance: z.int() }),
    status: z.enum(['verified', 'unverified', 'in_review', 'disabled']),
    compliance: z
      .object({
        tax_id_collected: z.boolean(),
        tax_id_verification: z.enum(['unsubmitted', 'pending', 'matched', 'mismatched']),
        address_collected: z.boolean(),
        date_of_birth_collected: z.boolean(),
        w8_ben_collected: z.boolean(),
        w9: z
          .object({
            entity_type: z.enum(['individual', 'business']),
            business_name: z.string().nullable(),
            tax_id_collected: z.boolean(),
            address_collected: z.boolean(),
            tin_last4: z
              .string()
              .meta({ 'x-extension': true, description: 'The TIN is never answered whole' }),
          })
          .nullable(),
      })
      .optional(),
    metadata: z.unknown().optional(),
    payout_options_exclude_list: z.array(z.string()).optional(),
    '1099_adjustment': z.unknown().optional(),
    date_of_birth: z.string().optional().meta({ 'x-extension': true }),
    auto_payout_enabled: z.boolean().optional().meta({ 'x-extension': true }),
  })
  .meta({ title: 'user' });

export const userResponse = userSummaryResponse
  .extend({ addresses: z.array(addressResponse).meta({ 'x-extension': true, description: 'Newest first' }) })
  .meta({ title: 'user-with-addresses' });
/** Compiles only while the sandbox answers a user as the vendor's document (and the extension) says. */
export type UserAnswersTheWire = WireAgrees<Disagreements<z.output<typeof userResponse>, SandboxUser>>;

export const customerResponse = z
  .object({
    id: z.uuid(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    business_name: z.string().optional(),
    email: z.string(),
    country_code: z.string().optional(),
    phone_number: z.string().optional(),
    created: z.iso.datetime(),
  })
  .meta({ title: 'payment-customer' });
export type CustomerAnswersTheWire = WireAgrees<
  Disagreements<z.output<typeof customerResponse>, PaymentCustomer>
>;

export const appResponse = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: z.enum(['created', 'in_review', 'approved']),
    metadata: z.unknown().optional(),
    metrics: z.object({
      wallet_balance: z.string().meta({ description: 'Dollars, as a decimal string' }),
      money_out: z.string(),
      connected_users: z.int(),
    }),
    has_compliance: z.boolean().meta({ 'x-extension': true, description: 'A compliance record is on file' }),
  })
  .meta({ title: 'app' });
export type AppAnswersTheWire = WireAgrees<Disagreements<z.output<typeof appResponse>, SandboxApp>>;

/** The vendor's page of a list: `{ data, has_more }`. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), has_more: z.boolean() });
}

export const successMessageResponse = z.object({ success: z.literal(true), message: z.string() });
