import { Button, Group } from '@mantine/core';
import { downloadCsv } from '../../components/download';
import { derivedFileName } from '../../lib/file-engine/file-exports';
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
    <Group>
      <Button
        variant="default"
        onClick={() => downloadCsv(derivedFileName(fileName, 'results'), resultsCsv(planned, outcomes))}
      >
        Download results CSV
      </Button>
      <Button variant="default" onClick={onAnotherFile}>
        Move another file
      </Button>
    </Group>
  );
}
