import { Stack, Text } from '@mantine/core';
import { RowsProgressBar } from '../../components/RowsProgressBar';
import { summaryLine } from './payouts-file-exports';
import type { PayoutsFileRun } from './payouts-file-send';

const n = (count: number) => count.toLocaleString('en-US');

/** How far a run is: the payouts the service has answered of all, and the batch's status as it says it. */
export function PayoutsFileProgress({ run }: { run: PayoutsFileRun }) {
  const { done, total, status } = run.progress;
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
        {run.state === 'done'
          ? summaryLine(run.counts())
          : `${run.state === 'sending' ? 'Sending the batch' : 'The service is paying'} · ${n(done)} of ${n(total)} answered${status ? ` · batch ${status}` : ''}`}
      </Text>
    </Stack>
  );
}
