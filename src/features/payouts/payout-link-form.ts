import type { CreatePayoutLinkRequest } from '../../api/payouts';
import { parseDollars, paymentAmountProblem } from '../../lib/money';
import { z } from '../../lib/zod';

export const DELIVERY_OPTIONS = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'Text message' },
  { value: 'link', label: 'A link to copy' },
] as const;

export const payoutLinkFormSchema = z
  .object({
    amount: z.string(),
    delivery: z.enum(['email', 'sms', 'link']),
    email: z.string(),
    phone: z.string(),
    memo: z.string().max(500, 'At most 500 characters'),
    /** The app whose wallet holds the link's amount (sent as Api-App-Id, not in the body). */
    appId: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.appId === '') {
      ctx.addIssue({ code: 'custom', path: ['appId'], message: 'Choose the wallet it is paid from' });
    }
    const amount = parseDollars(values.amount);
    const problem = amount.ok ? paymentAmountProblem(amount.cents) : amount.problem;
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    if (values.delivery === 'email' && !z.email().safeParse(values.email.trim()).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter the payee’s email address' });
    }
    if (values.delivery === 'sms' && phoneParts(values.phone) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'Enter the payee’s mobile number, like +1 415 555 0123',
      });
    }
  });
export type PayoutLinkFormValues = z.infer<typeof payoutLinkFormSchema>;

/**
 * "+1 (415) 555-0123", "+44 20 7946 0958", "415 555 0123" (a US number) -> the vendor's country code and digits;
 * null if not one. The country code is what stands between the + and the first space (or +1 before ten digits).
 */
export function phoneParts(text: string): { country_code: string; phone_number: string } | null {
  const trimmed = text.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!trimmed.startsWith('+')) {
    return digits.length === 10 ? { country_code: '1', phone_number: digits } : null;
  }
  if (digits.startsWith('1') && digits.length === 11)
    return { country_code: '1', phone_number: digits.slice(1) };
  const match = /^\+(\d{1,3})[\s.(-]+(.+)$/.exec(trimmed);
  const rest = match?.[2]?.replace(/\D/g, '') ?? '';
  return match && rest.length >= 4 && rest.length <= 15
    ? { country_code: match[1] as string, phone_number: rest }
    : null;
}

/** The body of POST /v2/payout-links for these values; its key makes a resend answer the same link. */
export function toPayoutLinkRequest(values: PayoutLinkFormValues, key: string): CreatePayoutLinkRequest {
  const amount = parseDollars(values.amount);
  if (!amount.ok) throw new Error(amount.problem);
  const phone = phoneParts(values.phone);
  return {
    amount: amount.cents,
    delivery: { method: values.delivery },
    ...(values.delivery === 'email' ? { payee: { email: values.email.trim() } } : {}),
    ...(values.delivery === 'sms' && phone ? { payee: phone } : {}),
    ...(values.memo.trim() ? { memo: values.memo.trim() } : {}),
    idempotency_key: key,
  };
}
