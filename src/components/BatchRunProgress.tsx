import { Stack, Text } from '@mantine/core';
import { progressLine, type RunStatus } from '../lib/file-engine/batch-words';
import type { RunVerb } from '../lib/file-engine/run-batches';
import { RowsProgressBar } from './RowsProgressBar';

/** How far a file's batches are: the rows the service has answered of all ("Moves answered"), and the batch's status. */
export function BatchRunProgress({ run, label, verb }: { run: RunStatus; label: string; verb: RunVerb }) {
  const { done, total } = run.progress;
  return (
    <Stack gap="xs">
      {run.state !== 'done' && (
        <RowsProgressBar label={label} finished={done} now={done} total={total} verb="answered" animated />
      )}
      <Text size="sm" role="status">
        {progressLine(verb, run)}
      </Text>
    </Stack>
  );
}
