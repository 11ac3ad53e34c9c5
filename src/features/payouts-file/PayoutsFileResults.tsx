import { BatchRunResults } from '../../components/BatchRunResults';
import { resultsCsv } from './payouts-file-exports';
import type { PlannedPayout } from './payouts-file-plan';
import type { PayoutOutcome } from './payouts-file-send';

interface Props {
  fileName: string;
  planned: readonly PlannedPayout[];
  outcomes: readonly PayoutOutcome[];
  onAnotherFile: () => void;
}

/** What the file's run came to, to keep: the results as a file; then another file. */
export function PayoutsFileResults({ fileName, planned, outcomes, onAnotherFile }: Props) {
  return (
    <BatchRunResults
      fileName={fileName}
      resultsCsv={() => resultsCsv(planned, outcomes)}
      anotherFile="Pay out another file"
      onAnotherFile={onAnotherFile}
    />
  );
}
