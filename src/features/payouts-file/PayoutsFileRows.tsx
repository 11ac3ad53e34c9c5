import { Money } from '../../components/Money';
import { TransferOrMessage } from '../../components/TransferOrMessage';
import { VirtualTable } from '../../components/VirtualTable';
import { OUTCOME_WORDS } from './payouts-file-exports';
import type { PlannedPayout } from './payouts-file-plan';
import type { PayoutOutcome } from './payouts-file-send';

/** A payouts file's rows (up to a thousand) and what became of each. */
export function PayoutsFileRows({
  label,
  planned,
  outcomes,
}: {
  label: string;
  planned: readonly PlannedPayout[];
  outcomes: readonly PayoutOutcome[];
}) {
  const rows = planned.map((row, index) => ({
    row,
    outcome: outcomes[index] ?? { kind: 'waiting' as const },
  }));
  return (
    <VirtualTable
      label={label}
      rows={rows}
      rowKey={({ row }) => row.key}
      columns={[
        { header: 'Row', width: 70, cell: ({ row }) => row.payout.row },
        {
          header: 'Payee',
          cell: ({ row }) => row.payout.payeeName || row.payout.payeeEmail || row.payout.userId,
        },
        { header: 'Amount', numeric: true, cell: ({ row }) => <Money cents={row.payout.cents} /> },
        { header: 'To', cell: ({ row }) => row.payout.methodText },
        { header: 'Outcome', cell: ({ outcome }) => OUTCOME_WORDS[outcome.kind] },
        { header: 'Transfer or error', cell: ({ outcome }) => <TransferOrMessage outcome={outcome} /> },
      ]}
    />
  );
}
