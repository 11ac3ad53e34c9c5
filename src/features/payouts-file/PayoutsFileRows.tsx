import { BatchFileRows } from '../../components/BatchFileRows';
import { Money } from '../../components/Money';
import type { VirtualColumn } from '../../components/VirtualTable';
import type { PlannedPayout } from './payouts-file-plan';
import { PAY, type PayoutOutcome } from './payouts-file-send';

const COLUMNS: VirtualColumn<PlannedPayout>[] = [
  { header: 'Row', width: 70, cell: ({ payout }) => payout.row },
  { header: 'Payee', cell: ({ payout }) => payout.payeeName || payout.payeeEmail || payout.userId },
  { header: 'Amount', numeric: true, cell: ({ payout }) => <Money cents={payout.cents} /> },
  { header: 'To', cell: ({ payout }) => payout.methodText },
];

/** A payouts file's rows (up to a thousand) and what became of each; without outcomes, as they are before the run. */
export function PayoutsFileRows({
  label,
  planned,
  outcomes,
}: {
  label: string;
  planned: readonly PlannedPayout[];
  outcomes?: readonly PayoutOutcome[];
}) {
  return <BatchFileRows label={label} planned={planned} outcomes={outcomes} verb={PAY} columns={COLUMNS} />;
}
