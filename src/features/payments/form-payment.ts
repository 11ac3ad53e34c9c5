import { parseDollars } from '../../lib/money';
import type { Payment } from '../../lib/payment-request';
import type { PaymentFormValues } from './payment-form-schema';

/**
 * Validated form values -> the payment they ask for (lib/payment-request.ts makes its body, as for a file's row):
 * ids trimmed and lower-cased, spaces out of the account number, a customer always paying with bank details (stored
 * accounts belong to users), metadata rows as an object without blank keys.
 */
export function paymentOfForm(values: PaymentFormValues): Payment {
  const amount = parseDollars(values.amount);
  if (!amount.ok) throw new Error(`paymentOfForm needs a valid amount: ${amount.problem}`);
  const user = values.payer === 'user';
  return {
    payerKind: values.payer,
    payerId: (user ? values.userId : values.customerId).trim().toLowerCase(),
    cents: amount.cents,
    source:
      user && values.source === 'stored'
        ? { kind: 'stored', accountId: values.accountId }
        : {
            kind: 'bank',
            accountNumber: values.accountNumber.replaceAll(' ', ''),
            routingNumber: values.routingNumber.trim(),
            accountType: values.accountType,
          },
    metadata: Object.fromEntries(
      values.metadata.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), row.value]),
    ),
  };
}

/** Where the service's 400 field paths land in the form. */
export const FORM_FIELD_BY_API_PATH: Readonly<Record<string, keyof PaymentFormValues>> = {
  amount: 'amount',
  user_id: 'userId',
  customer_id: 'customerId',
  'ach_info.account_number': 'accountNumber',
  'ach_info.routing_number': 'routingNumber',
  'ach_info.account_type': 'accountType',
  ach_info: 'accountNumber',
  account_id: 'accountId',
  metadata: 'metadata',
};
