import { paymentProblems } from '../../lib/payment-rules';
import { isUuid } from '../../lib/uuid';
import { z } from '../../lib/zod';

export const metadataRowSchema = z.object({ key: z.string(), value: z.string() });

/**
 * What the operator fills in. UI discriminators (`payer`, `source`) choose which fields count; the rules of the
 * payment itself are payment-rules.ts's, which the batch file's rows obey too.
 */
export const paymentFormSchema = z
  .object({
    payer: z.enum(['user', 'customer']),
    userId: z.string(),
    customerId: z.string(),
    amount: z.string(),
    source: z.enum(['bank', 'stored']),
    accountNumber: z.string(),
    confirmAccountNumber: z.string(),
    routingNumber: z.string(),
    accountType: z.enum(['checking', 'savings']),
    accountId: z.string(),
    metadata: z.array(metadataRowSchema),
  })
  .superRefine((values, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({
        code: 'custom',
        path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message,
      });
    if (values.payer === 'user') {
      if (!isUuid(values.userId))
        problem('userId', 'Choose the user who pays: type a name, email, phone or ID');
    } else if (!isUuid(values.customerId)) {
      problem('customerId', 'Choose the customer who pays: type a name, email, phone or ID');
    }
    const fromBank = values.source === 'bank' || values.payer === 'customer';
    for (const found of paymentProblems({
      amount: values.amount,
      bank: fromBank ? { accountNumber: values.accountNumber, routingNumber: values.routingNumber } : null,
      storedAccountId: values.accountId,
      metadata: values.metadata,
    })) {
      problem(found.path, found.message);
    }
    const account = values.accountNumber.replaceAll(' ', '');
    if (fromBank && account && values.confirmAccountNumber.replaceAll(' ', '') !== account) {
      problem('confirmAccountNumber', 'The account numbers do not match');
    }
  });
export type PaymentFormValues = z.infer<typeof paymentFormSchema>;
export function emptyPaymentForm(prefill: { userId?: string; customerId?: string } = {}): PaymentFormValues {
  return {
    payer: prefill.customerId && !prefill.userId ? 'customer' : 'user',
    userId: prefill.userId ?? '',
    customerId: prefill.customerId ?? '',
    amount: '',
    source: 'bank',
    accountNumber: '',
    confirmAccountNumber: '',
    routingNumber: '',
    accountType: 'checking',
    accountId: '',
    metadata: [],
  };
}
