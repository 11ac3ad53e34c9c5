import { parseDollars, paymentAmountProblem } from '../../lib/money';
import { routingNumberProblem } from '../../lib/routing-number';
import { isUuid } from '../../lib/uuid';
import { z } from '../../lib/zod';

/** The service takes 4,096 bytes; the console keeps 256 for its own keys (console_request_id, initiated_by). */
export const METADATA_MAX_BYTES = 4096 - 256;

export const metadataRowSchema = z.object({ key: z.string(), value: z.string() });

/** What the operator fills in. UI discriminators (`payer`, `source`) choose which fields count. */
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
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (values.payer === 'user') {
      if (!isUuid(values.userId))
        problem('userId', 'Choose the user who pays: type a name, email, phone or ID');
    } else if (!isUuid(values.customerId)) {
      problem('customerId', 'Choose the customer who pays: type a name, email, phone or ID');
    }

    const amount = parseDollars(values.amount);
    if (!amount.ok) problem('amount', amount.problem);
    else {
      const bound = paymentAmountProblem(amount.cents);
      if (bound) problem('amount', bound);
    }

    if (values.source === 'bank' || values.payer === 'customer') {
      const account = values.accountNumber.replaceAll(' ', '');
      if (!account) problem('accountNumber', 'Enter the account number');
      else if (!/^\d{7,17}$/.test(account)) problem('accountNumber', 'An account number has 7 to 17 digits');
      if (account && values.confirmAccountNumber.replaceAll(' ', '') !== account) {
        problem('confirmAccountNumber', 'The account numbers do not match');
      }
      const routing = routingNumberProblem(values.routingNumber.trim());
      if (routing) problem('routingNumber', routing);
    } else if (!values.accountId) problem('accountId', 'Choose an account on file');

    const keys = new Set<string>();
    values.metadata.forEach((row, index) => {
      const key = row.key.trim();
      if (!key && row.value.trim()) problem(`metadata.${index}.key`, 'Give this value a key');
      if (key.length > 40) problem(`metadata.${index}.key`, 'A key is at most 40 characters');
      if (key && keys.has(key)) problem(`metadata.${index}.key`, 'This key is already used');
      if (key === 'console_request_id' || key === 'initiated_by') {
        problem(`metadata.${index}.key`, 'The console sets this key itself');
      }
      keys.add(key);
      if (row.value.length > 500) problem(`metadata.${index}.value`, 'A value is at most 500 characters');
    });
    const metadata = Object.fromEntries(
      values.metadata.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value]),
    );
    if (new TextEncoder().encode(JSON.stringify(metadata)).length > METADATA_MAX_BYTES) {
      problem('metadata', `Metadata is at most ${METADATA_MAX_BYTES} bytes in all`);
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
