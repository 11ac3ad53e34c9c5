import { Stack, Text } from '@mantine/core';
import { RowsProgressBar } from '../../components/RowsProgressBar';
import { progressLine } from '../../lib/file-engine/batch-words';
import { MOVE, type MovesFileRun } from './moves-file-send';

/** How far a run is: the moves the service has answered of all, and the batch's status as it says it. */
export function MovesFileProgress({ run }: { run: MovesFileRun }) {
  const { done, total } = run.progress;
  return (
    <Stack gap="xs">
      {run.state !== 'done' && (
        <RowsProgressBar
          label="Moves answered"
          finished={done}
          now={done}
          total={total}
          verb="answered"
          animated
        />
      )}
      <Text size="sm" role="status">
        {progressLine(MOVE, run)}
      </Text>
    </Stack>
  );
}
