import { Button, Group, Stack, Text } from '@mantine/core';
import { RowsProgressBar } from '../../components/RowsProgressBar';
import type { RowsRun } from '../../lib/file-engine/run-rows';

/** "about 12 s left", "about 3 min left". */
export function timeLeftWords(ms: number | null): string {
  if (ms === null) return '';
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `about ${seconds} s left`;
  return `about ${Math.ceil(seconds / 60)} min left`;
}

/** How far a run is: the rows sent of all, what came of them, the time left; Pause, Resume and Cancel. */
export function PaymentsFileProgress<T>({ run }: { run: RowsRun<T> }) {
  const counts = run.counts();
  const left = timeLeftWords(run.timeLeftMs());
  const state =
    run.state === 'paused'
      ? 'Paused'
      : run.state === 'cancelling'
        ? 'Cancelling: the rows already out are coming back'
        : run.state === 'done'
          ? 'Finished'
          : 'Sending';
  return (
    <Stack gap="xs">
      <RowsProgressBar
        label="Payments sent"
        finished={counts.sent + counts.notSent}
        now={counts.sent}
        total={counts.total}
        verb="sent"
        animated={run.state === 'running'}
      />
      <Text size="sm">
        {`${state} · sent ${counts.sent} of ${counts.total} · ${counts.created} created · ${counts.alreadyPaid} already paid · ${counts.refused} refused · ${counts.unknown} unknown`}
        {left && ` · ${left}`}
      </Text>
      {(run.state === 'running' || run.state === 'paused') && (
        <Group>
          {run.state === 'running' ? (
            <Button variant="default" onClick={() => run.pause()}>
              Pause
            </Button>
          ) : (
            <Button onClick={() => run.resume()}>Resume</Button>
          )}
          <Button variant="default" color="red" onClick={() => run.cancel()}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}
