import { ACCOUNT_NUMBER, ACCOUNT_NUMBER_RULE } from '../account-number';
import { isValidRoutingNumber } from '../routing-number';
import { z } from '../zod';

const routing = z
  .string()
  .regex(/^\d{9}$/, 'A routing number has 9 digits')
  .refine(isValidRoutingNumber, 'Not a valid ABA routing number (the check digit does not match)');

/** The body of PUT /v2/users/{id}/payout-methods (the vendor's), checked platform by platform. */
export const addPayoutMethodSchema = z
  .object({
    platform: z.enum(['ach', 'paypal', 'venmo', 'cash_app'], 'One of ach, paypal, venmo, cash_app'),
    routing_number: routing.optional(),
    account_number: z.string().regex(ACCOUNT_NUMBER, ACCOUNT_NUMBER_RULE).optional(),
    account_type: z.enum(['checking', 'savings']).optional(),
    email: z.email('An email address').max(320).optional(),
    phone_number: z
      .string()
      .regex(/^\+?[\d\s().-]{7,20}$/, 'A phone number')
      .optional(),
    handle: z.string().min(1).max(60).optional(),
    cash_tag: z
      .string()
      .regex(/^\$?[A-Za-z][\w-]{0,19}$/, 'A cash tag, like $samsells')
      .optional(),
    is_default: z.boolean().nullish(),
    auto_payout_enabled: z.boolean().nullish(),
    metadata: z.unknown().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const need = (field: keyof typeof body, message: string) => {
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (body.platform === 'ach') {
      need('routing_number', 'A bank account needs its routing number');
      need('account_number', 'A bank account needs its account number');
      need('account_type', 'A bank account is checking or savings');
    }
    if (body.platform === 'paypal') need('email', 'A PayPal account is an email address');
    if (body.platform === 'venmo' && body.phone_number === undefined && body.handle === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['handle'],
        message: 'A Venmo account is a phone number or a handle',
      });
    }
    if (body.platform === 'cash_app') need('cash_tag', 'A Cash App account is its cash tag');
  });
export type AddPayoutMethod = z.infer<typeof addPayoutMethodSchema>;
