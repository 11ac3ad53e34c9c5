import { Stack, Text } from '@mantine/core';
import { RowsProgressBar } from '../../components/RowsProgressBar';
import { progressLine } from '../../lib/file-engine/batch-words';
import { PAY, type PayoutsFileRun } from './payouts-file-send';

/** How far a run is: the payouts the service has answered of all, and the batch's status as it says it. */
export function PayoutsFileProgress({ run }: { run: PayoutsFileRun }) {
  const { done, total } = run.progress;
  return (
    <Stack gap="xs">
      {run.state !== 'done' && (
        <RowsProgressBar
          label="Payouts answered"
          finished={done}
          now={done}
          total={total}
          verb="answered"
          animated
        />
      )}
      <Text size="sm" role="status">
        {progressLine(PAY, run)}
      </Text>
    </Stack>
  );
}
