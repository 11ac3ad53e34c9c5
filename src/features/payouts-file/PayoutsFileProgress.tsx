import { BatchRunProgress } from '../../components/BatchRunProgress';
import { PAY, type PayoutsFileRun } from './payouts-file-send';

/** How far a run is: the payouts the service has answered of all, and the batch's status as it says it. */
export function PayoutsFileProgress({ run }: { run: PayoutsFileRun }) {
  return <BatchRunProgress run={run} label="Payouts answered" verb={PAY} />;
}
