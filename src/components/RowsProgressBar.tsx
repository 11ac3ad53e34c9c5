import '@mantine/core/styles/Progress.css';
import { Progress } from '@mantine/core';
import { percentOfRows } from '../lib/file-engine/run-rows';

/**
 * A file run's bar. Its width is the rows finished of all; what it reads out is `now` of `total` in the run's own
 * words ("12 of 1,000 sent"), since a screen reader's percent says less than the count.
 */
export function RowsProgressBar({
  label,
  finished,
  now,
  total,
  verb,
  animated,
}: {
  label: string;
  finished: number;
  now: number;
  total: number;
  verb: string;
  animated: boolean;
}) {
  return (
    <Progress.Root
      size="lg"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={now}
      aria-valuetext={`${now} of ${total} ${verb}`}
    >
      <Progress.Section value={percentOfRows(finished, total)} withAria={false} animated={animated} />
    </Progress.Root>
  );
}
