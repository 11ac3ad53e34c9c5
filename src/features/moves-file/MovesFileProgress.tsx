import { Stack, Text } from '@mantine/core';
import { RowsProgressBar } from '../../components/RowsProgressBar';
import { summaryLine } from './moves-file-exports';
import type { MovesFileRun } from './moves-file-send';

const n = (count: number) => count.toLocaleString('en-US');

/** How far a run is: the moves the service has answered of all, and the batch's status as it says it. */
export function MovesFileProgress({ run }: { run: MovesFileRun }) {
  const { done, total, status } = run.progress;
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
        {run.state === 'done'
          ? summaryLine(run.counts())
          : `${run.state === 'sending' ? 'Sending the batch' : 'The service is moving'} · ${n(done)} of ${n(total)} answered${status ? ` · batch ${status}` : ''}`}
      </Text>
    </Stack>
  );
}
