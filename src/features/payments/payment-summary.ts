import { describeAccount, lastFour } from '../../lib/mask';
import { parseDollars } from '../../lib/money';
import { bankNameFor } from '../../lib/routing-number';
import type { PaymentFormValues } from './payment-form-schema';

/** The payer as the picker showed them. */
export interface PayerShown {
  id: string;
  name: string;
  detail?: string | null;
}

export interface PaymentSummary {
  cents: number;
  payerKind: 'User' | 'Payment customer';
  payerId: string;
  /** Who the payer is, when the form knows: a name and an email. */
  payerName: string | null;
  payerEmail: string | null;
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
  payer: PayerShown | null = null,
): PaymentSummary {
  const amount = parseDollars(values.amount);
  const fromStored = values.payer === 'user' && values.source === 'stored';
  const accountNumber = values.accountNumber.replaceAll(' ', '');
  const payerId = (values.payer === 'user' ? values.userId : values.customerId).trim().toLowerCase();
  const known = payer?.id === payerId ? payer : null;
  return {
    cents: amount.ok ? amount.cents : 0,
    payerKind: values.payer === 'user' ? 'User' : 'Payment customer',
    payerId,
    payerName: known?.name ?? null,
    payerEmail: known?.detail ?? null,
    account: fromStored
      ? (storedAccountLabel(values.accountId) ?? `Stored account ${values.accountId}`)
      : describeAccount(values.accountType, lastFour(accountNumber)),
    routingNumber: fromStored ? null : values.routingNumber.trim(),
    bankName: fromStored ? null : bankNameFor(values.routingNumber.trim()),
    metadata: values.metadata.filter((row) => row.key.trim()).map((row) => [row.key.trim(), row.value]),
  };
}
