import { Button, Group } from '@mantine/core';
import { downloadCsv } from '../../components/download';
import { derivedFileName } from '../../lib/file-engine/file-exports';
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
    <Group>
      <Button
        variant="default"
        onClick={() => downloadCsv(derivedFileName(fileName, 'results'), resultsCsv(planned, outcomes))}
      >
        Download results CSV
      </Button>
      <Button variant="default" onClick={onAnotherFile}>
        Pay out another file
      </Button>
    </Group>
  );
}
