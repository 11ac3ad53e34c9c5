import { Text } from '@mantine/core';
import { DetailRow } from './DetailRow';
import { MoneyDetailsTable } from './MoneyDetails';

/**
 * What a payment moves, as its maker reviews it and its approver reads it: the same table for both, so that the
 * member who approves sees no less than the one who prepared it.
 */
export interface PaymentSummary {
  cents: number;
  payerKind: 'User' | 'Payment customer';
  payerId: string;
  /** Who the payer is, when known: a name and an email. */
  payerName: string | null;
  payerEmail: string | null;
  /** The payer's status at the service (`verified`, `disabled`…), when known. */
  payerStatus?: string | null | undefined;
  /** "Checking •••• 6789": never more than the last four digits. */
  account: string;
  routingNumber: string | null;
  bankName: string | null;
  metadata: [string, string][];
  /** The idempotency key, also sent as metadata.console_request_id: quote it to find the payment later. */
  consoleRequestId?: string | undefined;
  /** Who prepared it (an approval request's maker). */
  initiatedBy?: string | undefined;
}

export function PaymentDetailsTable({ summary }: { summary: PaymentSummary }) {
  return (
    <MoneyDetailsTable
      label="Payment details"
      cents={summary.cents}
      party={{
        label: 'Payer',
        kind: summary.payerKind,
        id: summary.payerId,
        name: summary.payerName,
        email: summary.payerEmail,
        status: summary.payerStatus,
      }}
      initiatedBy={summary.initiatedBy}
      consoleRequestId={summary.consoleRequestId}
      metadata={summary.metadata}
    >
      <DetailRow label="From account">
        {summary.account}
        {summary.routingNumber && (
          <Text size="sm" c="dimmed">
            Routing {summary.routingNumber}
            {summary.bankName ? ` · ${summary.bankName}` : ''}
          </Text>
        )}
      </DetailRow>
      <DetailRow label="To">The app&apos;s wallet (ACH debit)</DetailRow>
    </MoneyDetailsTable>
  );
}
