import { Text } from '@mantine/core';
import { formatCents } from '../lib/money';
import { DetailRow } from './DetailRow';
import { MoneyDetailsTable } from './MoneyDetails';

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

/**
 * "Paid from": the wallet the money leaves, its balance now and after, wherever money out is reviewed, created or
 * approved (the maker's review, a link's review, the approver's page), so that both members read the same wallet.
 */
export function WalletRow({
  wallet,
  cents,
  what,
}: {
  wallet: { appName: string; beforeCents: number | null };
  cents: number;
  what: 'payout' | 'link' | 'file';
}) {
  const before = wallet.beforeCents;
  return (
    <DetailRow label="Paid from">
      {`The wallet of ${wallet.appName}`}
      {before !== null && (
        <Text size="sm" c="dimmed">
          {`${formatCents(before)} now, ${formatCents(before - cents)} after this ${what}`}
        </Text>
      )}
    </DetailRow>
  );
}

export function PayoutDetailsTable({ summary }: { summary: PayoutSummary }) {
  return (
    <MoneyDetailsTable
      label="Payout details"
      cents={summary.cents}
      party={{
        label: 'Payee',
        kind: 'User',
        id: summary.payeeId,
        name: summary.payeeName,
        email: summary.payeeEmail,
        status: summary.payeeStatus,
      }}
      initiatedBy={summary.initiatedBy}
      consoleRequestId={summary.consoleRequestId}
      metadata={summary.metadata}
    >
      <DetailRow label="To">{summary.method}</DetailRow>
      {summary.wallet && <WalletRow wallet={summary.wallet} cents={summary.cents} what="payout" />}
    </MoneyDetailsTable>
  );
}
