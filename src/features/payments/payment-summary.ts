import type { PaymentSummary } from '../../components/PaymentDetails';
import { describeAccount, lastFour } from '../../lib/mask';
import { parseDollars } from '../../lib/money';
import { bankNameFor } from '../../lib/routing-number';
import type { PaymentFormValues } from './payment-form-schema';

export type { PaymentSummary };

/** The payer as the picker showed them. */
export interface PayerShown {
  id: string;
  name: string;
  detail?: string | null;
  /** The payer's status at the service, when the picker knows it (`disabled` is flagged). */
  status?: string | null | undefined;
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
    payerStatus: known?.status ?? null,
    account: fromStored
      ? (storedAccountLabel(values.accountId) ?? `Stored account ${values.accountId}`)
      : describeAccount(values.accountType, lastFour(accountNumber)),
    routingNumber: fromStored ? null : values.routingNumber.trim(),
    bankName: fromStored ? null : bankNameFor(values.routingNumber.trim()),
    metadata: values.metadata.filter((row) => row.key.trim()).map((row) => [row.key.trim(), row.value]),
  };
}
