import { Table, Text } from '@mantine/core';
import { formatCents } from '../lib/money';
import { DetailRow } from './DetailRow';
import { AmountToConfirm } from './Money';
import { RecordRows } from './RecordRows';

/**
 * What a payout moves, as its maker reviews it and its approver reads it: the same table for both, so that the member
 * who approves sees no less than the one who prepared it.
 */
export interface PayoutSummary {
  cents: number;
  payeeId: string;
  payeeName: string | null;
  payeeEmail: string | null;
  payeeStatus?: string | null | undefined;
  /** "PayPal j•••@example.com", "Checking •••• 6789": masked. */
  method: string;
  /** The wallet it is paid from, and its balance before and after, when known. */
  wallet?: { appName: string; beforeCents: number | null } | undefined;
  metadata: [string, string][];
  consoleRequestId?: string | undefined;
  initiatedBy?: string | undefined;
}

export function PayoutDetailsTable({ summary }: { summary: PayoutSummary }) {
  const before = summary.wallet?.beforeCents ?? null;
  return (
    <Table variant="vertical" withTableBorder aria-label="Payout details">
      <Table.Tbody>
        <DetailRow label="Amount">
          <AmountToConfirm cents={summary.cents} size="lg" />
        </DetailRow>
        <DetailRow label="Payee">
          {summary.payeeName && (
            <Text fw={600} span>
              {summary.payeeName}
            </Text>
          )}
          {summary.payeeEmail && <Text span>{` · ${summary.payeeEmail}`}</Text>}
          <Text size="sm" c="dimmed">
            User <code>{summary.payeeId}</code>
            {summary.payeeStatus ? ` · ${summary.payeeStatus}` : ''}
          </Text>
        </DetailRow>
        <DetailRow label="To">{summary.method}</DetailRow>
        {summary.wallet && (
          <DetailRow label="From">
            {`The wallet of ${summary.wallet.appName}`}
            {before !== null && (
              <Text size="sm" c="dimmed">
                {`${formatCents(before)} now, ${formatCents(before - summary.cents)} after this payout`}
              </Text>
            )}
          </DetailRow>
        )}
        <RecordRows
          initiatedBy={summary.initiatedBy}
          consoleRequestId={summary.consoleRequestId}
          metadata={summary.metadata}
        />
      </Table.Tbody>
    </Table>
  );
}
