import { BatchRunResults } from '../../components/BatchRunResults';
import { resultsCsv } from './moves-file-exports';
import type { PlannedMove } from './moves-file-plan';
import type { MoveOutcome } from './moves-file-send';

/** What the file's run came to, to keep: the results as a file; then another file. */
export function MovesFileResults({
  fileName,
  planned,
  outcomes,
  onAnotherFile,
}: {
  fileName: string;
  planned: readonly PlannedMove[];
  outcomes: readonly MoveOutcome[];
  onAnotherFile: () => void;
}) {
  return (
    <BatchRunResults
      fileName={fileName}
      resultsCsv={() => resultsCsv(planned, outcomes)}
      anotherFile="Move another file"
      onAnotherFile={onAnotherFile}
    />
  );
}
