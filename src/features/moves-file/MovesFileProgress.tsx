import { BatchRunProgress } from '../../components/BatchRunProgress';
import { MOVE, type MovesFileRun } from './moves-file-send';

/** How far a run is: the moves the service has answered of all, and the batch's status as it says it. */
export function MovesFileProgress({ run }: { run: MovesFileRun }) {
  return <BatchRunProgress run={run} label="Moves answered" verb={MOVE} />;
}
