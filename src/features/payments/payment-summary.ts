import { describeAccount, lastFour } from '../../lib/mask';
import { parseDollars } from '../../lib/money';
import { bankNameFor } from '../../lib/routing-number';
import type { PaymentFormValues } from './payment-form-schema';

export interface PaymentSummary {
  cents: number;
  payerKind: 'User' | 'Payment customer';
  payerId: string;
  /** "Checking •••• 6789": never more than the last four digits. */
  account: string;
  routingNumber: string | null;
  bankName: string | null;
  metadata: [string, string][];
  /** The idempotency key, also sent as metadata.console_request_id: quote it to find the payment later. */
  consoleRequestId?: string;
}

/** What the review shows: exactly the money that will move, from whom, from which (masked) account. */
export function summarizePayment(
  values: PaymentFormValues,
  storedAccountLabel: (accountId: string) => string | undefined,
): PaymentSummary {
  const amount = parseDollars(values.amount);
  const fromStored = values.payer === 'user' && values.source === 'stored';
  const accountNumber = values.accountNumber.replaceAll(' ', '');
  return {
    cents: amount.ok ? amount.cents : 0,
    payerKind: values.payer === 'user' ? 'User' : 'Payment customer',
    payerId: (values.payer === 'user' ? values.userId : values.customerId).trim().toLowerCase(),
    account: fromStored
      ? (storedAccountLabel(values.accountId) ?? `Stored account ${values.accountId}`)
      : describeAccount(values.accountType, lastFour(accountNumber)),
    routingNumber: fromStored ? null : values.routingNumber.trim(),
    bankName: fromStored ? null : bankNameFor(values.routingNumber.trim()),
    metadata: values.metadata.filter((row) => row.key.trim()).map((row) => [row.key.trim(), row.value]),
  };
}
