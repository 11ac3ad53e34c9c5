import { ACCOUNT_NUMBER, ACCOUNT_NUMBER_RULE } from '../account-number';
import { isUsStateCode, US_STATES } from '../countries';
import { isValidRoutingNumber } from '../routing-number';
import { z } from '../zod';
import { uuid } from './fields';

/**
 * The vendor's request bodies of `/v2/accounts-payable` (vendors, their payment methods, payables, approval policies),
 * which the sandbox serves by and the console server checks a member's requests by.
 */

const text = (max: number) => z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`);
const cents = z.int('Cents, a whole number').min(1, 'At least 1 cent').max(100_000_000_000, 'Too large');

export const vendorAddressSchema = z
  .object({
    line_1: text(100),
    line_2: z.string().max(100).optional(),
    city: text(100),
    state: z
      .string()
      .refine(isUsStateCode, 'A US state is its 2-letter USPS code, like CA or NY')
      .meta({ enum: Object.keys(US_STATES) }),
    postcode: z.string().regex(/^\d{5}(-\d{4})?$/, 'A US ZIP code is 12345 or 12345-6789'),
    country: z.literal('US', 'Vendors are in the US'),
  })
  .strict();

export const createVendorSchema = z
  .object({
    name: text(200),
    contact_email: z.email('An email address').max(320).optional(),
    external_id: z.string().max(200).optional(),
    address: vendorAddressSchema,
  })
  .strict();
export type CreateVendor = z.infer<typeof createVendorSchema>;

export const createVendorMethodSchema = z
  .object({
    name: text(100),
    ach_account_number: z.string().regex(ACCOUNT_NUMBER, ACCOUNT_NUMBER_RULE),
    ach_routing_number: z
      .string()
      .regex(/^\d{9}$/, 'A routing number has 9 digits')
      .refine(isValidRoutingNumber, 'Not a valid ABA routing number (the check digit does not match)'),
    ach_account_type: z.enum(['checking', 'savings'], 'checking or savings'),
  })
  .strict();
export type CreateVendorMethod = z.infer<typeof createVendorMethodSchema>;

export const payableItemSchema = z
  .object({
    name: text(200),
    unit_price: cents,
    quantity: z.int('A whole number').min(1, 'At least 1').max(1_000_000),
    amount: cents,
    description: z.string().max(500).optional(),
  })
  .strict()
  .refine((item) => item.amount === item.unit_price * item.quantity, {
    message: 'The amount is the unit price times the quantity',
    path: ['amount'],
  });
export type PayableItem = z.infer<typeof payableItemSchema>;

export const FUNDING_SOURCES = ['dots_balance', 'ach'] as const;
export type FundingSource = (typeof FUNDING_SOURCES)[number];

/** Who acts: the service's AP user (an integer id); the console server sets it from the signed-in member. */
export const actingUserId = z.int('The AP user acting, an integer id').min(1);

const payableFields = {
  number: text(100),
  description: z.string().max(1000).optional(),
  external_id: z.string().max(200).optional(),
  ap_vendor_id: uuid.optional(),
  ap_payment_method_id: uuid.optional(),
  amount: cents.optional(),
  items: z.array(payableItemSchema).max(200, 'At most 200 items').optional(),
};

/** `amount` and `items` together: the items add up to the amount. */
function itemsAddUp(
  body: { amount?: number | undefined; items?: PayableItem[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.amount === undefined || !body.items || body.items.length === 0) return;
  const sum = body.items.reduce((total, item) => total + item.amount, 0);
  if (sum !== body.amount) {
    ctx.addIssue({
      code: 'custom',
      path: ['amount'],
      message: `The items add up to ${sum} cents, not ${body.amount}`,
    });
  }
}

export const createPayableSchema = z
  .object({
    acting_user_id: actingUserId,
    ...payableFields,
    funding_source: z.enum(FUNDING_SOURCES, 'dots_balance or ach').optional(),
    file: z.string().optional().meta({ description: 'A PDF, base64' }),
  })
  .strict()
  .superRefine(itemsAddUp);
export type CreatePayable = z.infer<typeof createPayableSchema>;

export const updatePayableSchema = z
  .object({
    acting_user_id: actingUserId.optional().meta({ 'x-extension': true }),
    ...payableFields,
    number: text(100).optional(),
    funding_source: z.enum(FUNDING_SOURCES, 'dots_balance or ach').optional().meta({ 'x-extension': true }),
  })
  .strict()
  .superRefine(itemsAddUp);
export type UpdatePayable = z.infer<typeof updatePayableSchema>;

export const payableFileSchema = z.object({ file: z.string().min(1, 'A PDF, base64') }).strict();

export const payableActionSchema = z
  .object({ acting_user_id: actingUserId, comment: z.string().max(1000).optional() })
  .strict();
export type PayableAction = z.infer<typeof payableActionSchema>;

/** A rejection says why. */
export const rejectPayableSchema = z.object({ acting_user_id: actingUserId, comment: text(1000) }).strict();

/**
 * Paying a bill. `idempotency_key` is the sandbox's extension (the console derives it from the bill and the attempt):
 * a pay that carries a key one of the bill's attempts already has answers that attempt again, moving nothing.
 */
export const payPayableSchema = z
  .object({
    acting_user_id: actingUserId,
    idempotency_key: z
      .string()
      .trim()
      .min(1, 'A key, or none')
      .max(255, 'At most 255 characters')
      .optional()
      .meta({ 'x-extension': true }),
  })
  .strict();
export type PayPayable = z.infer<typeof payPayableSchema>;

export const AMOUNT_COMPARATORS = ['<=', '==', '>='] as const;
export type AmountComparator = (typeof AMOUNT_COMPARATORS)[number];

export const payableConditionSchema = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        type: z.literal('amount'),
        comparator: z.enum(AMOUNT_COMPARATORS, '<=, == or >='),
        value: z.int('Cents, a whole number').min(0),
      })
      .strict(),
    z.object({ type: z.literal('vendor_id'), comparator: z.literal('==').optional(), value: uuid }).strict(),
  ],
  'amount or vendor_id',
);
export type PayableCondition = z.infer<typeof payableConditionSchema>;

export const approvalStepSchema = z
  .object({
    approver_list: z
      .array(z.int().min(1))
      .min(1, 'At least one approver')
      .max(50)
      .refine((list) => new Set(list).size === list.length, 'An approver is listed once'),
    num_approvals_required: z.int().min(1, 'At least 1'),
  })
  .strict()
  .refine((step) => step.num_approvals_required <= step.approver_list.length, {
    message: 'No more approvals than approvers',
    path: ['num_approvals_required'],
  });
export type ApprovalStep = z.infer<typeof approvalStepSchema>;

export const createPolicySchema = z
  .object({
    description: z.string().max(500).optional(),
    payable_conditions: z.array(payableConditionSchema).min(1, 'At least one condition').max(10),
    approval_conditions: z.array(approvalStepSchema).min(1, 'At least one step').max(10),
  })
  .strict();
export type CreatePolicy = z.infer<typeof createPolicySchema>;

export const policyPrioritySchema = z.object({ priority: z.int().min(1, 'From 1') }).strict();
