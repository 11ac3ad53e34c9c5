import { outcomeWords } from '../lib/file-engine/batch-words';
import type { BatchRowOutcome, RunVerb } from '../lib/file-engine/run-batches';
import { TransferOrMessage } from './TransferOrMessage';
import { type VirtualColumn, VirtualTable } from './VirtualTable';

/** A row of a file sent as batches: its key, and the transfer it made already (found by its key), if any. */
interface PlannedRow {
  key: string;
  paidBefore?: string | undefined;
}

/** Before the run, each row is to send or was sent before: what the run itself starts from. */
const outcomesBefore = (planned: readonly PlannedRow[]): BatchRowOutcome[] =>
  planned.map((row) =>
    row.paidBefore ? { kind: 'paidBefore', transferId: row.paidBefore } : { kind: 'waiting' },
  );

/**
 * A batch file's rows (up to a thousand): the row's own columns (who, how much, which way), then what became of it
 * in the run's words and its transfer or error. Without `outcomes`, as the review shows them before the run.
 */
export function BatchFileRows<TPlanned extends PlannedRow>({
  label,
  planned,
  outcomes = outcomesBefore(planned),
  verb,
  columns,
}: {
  label: string;
  planned: readonly TPlanned[];
  outcomes?: readonly BatchRowOutcome[];
  verb: RunVerb;
  columns: readonly VirtualColumn<TPlanned>[];
}) {
  const words = outcomeWords(verb);
  const rows = planned.map((row, index) => ({
    row,
    outcome: outcomes[index] ?? ({ kind: 'waiting' } as const),
  }));
  return (
    <VirtualTable
      label={label}
      rows={rows}
      rowKey={({ row }) => row.key}
      columns={[
        ...columns.map((column) => ({ ...column, cell: ({ row }: { row: TPlanned }) => column.cell(row) })),
        { header: 'Outcome', cell: ({ outcome }) => words[outcome.kind] },
        { header: 'Transfer or error', cell: ({ outcome }) => <TransferOrMessage outcome={outcome} /> },
      ]}
    />
  );
}
