import { Money } from '../../components/Money';
import { TransferOrMessage } from '../../components/TransferOrMessage';
import { VirtualTable } from '../../components/VirtualTable';
import { DIRECTION_WORDS, OUTCOME_WORDS } from './moves-file-exports';
import type { PlannedMove } from './moves-file-plan';
import type { MoveOutcome } from './moves-file-send';

/** A wallet moves file's rows (up to a thousand) and what became of each. */
export function MovesFileRows({
  label,
  planned,
  outcomes,
}: {
  label: string;
  planned: readonly PlannedMove[];
  outcomes: readonly MoveOutcome[];
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
        { header: 'Row', width: 70, cell: ({ row }) => row.move.row },
        { header: 'User', cell: ({ row }) => row.move.userName || row.move.userEmail || row.move.userId },
        { header: 'Direction', cell: ({ row }) => DIRECTION_WORDS[row.move.direction] },
        { header: 'Amount', numeric: true, cell: ({ row }) => <Money cents={row.move.cents} /> },
        { header: 'Outcome', cell: ({ outcome }) => OUTCOME_WORDS[outcome.kind] },
        { header: 'Transfer or error', cell: ({ outcome }) => <TransferOrMessage outcome={outcome} /> },
      ]}
    />
  );
}
