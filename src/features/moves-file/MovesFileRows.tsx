import { BatchFileRows } from '../../components/BatchFileRows';
import { Money } from '../../components/Money';
import type { VirtualColumn } from '../../components/VirtualTable';
import { DIRECTION_WORDS } from './moves-file-exports';
import type { PlannedMove } from './moves-file-plan';
import { MOVE, type MoveOutcome } from './moves-file-send';

const COLUMNS: VirtualColumn<PlannedMove>[] = [
  { header: 'Row', width: 70, cell: ({ move }) => move.row },
  { header: 'User', cell: ({ move }) => move.userName || move.userEmail || move.userId },
  { header: 'Direction', cell: ({ move }) => DIRECTION_WORDS[move.direction] },
  { header: 'Amount', numeric: true, cell: ({ move }) => <Money cents={move.cents} /> },
];

/** A wallet moves file's rows (up to a thousand) and what became of each; without outcomes, as they are before the run. */
export function MovesFileRows({
  label,
  planned,
  outcomes,
}: {
  label: string;
  planned: readonly PlannedMove[];
  outcomes?: readonly MoveOutcome[];
}) {
  return <BatchFileRows label={label} planned={planned} outcomes={outcomes} verb={MOVE} columns={COLUMNS} />;
}
