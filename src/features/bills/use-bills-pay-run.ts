import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { recordActivity } from '../../api/activity-log';
import { movedMoney } from '../../api/approvals';
import { billPayMoney, lookUpBillRow, payBillRow, payBillRowAfterLookUp } from '../../api/bill-pay';
import { session } from '../../api/credentials';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { useLeaveGuard } from '../../components/leave-guard';
import { useRunUpdates } from '../../components/use-run-updates';
import { RowsRun } from '../../lib/file-engine/run-rows';
import { formatCents } from '../../lib/money';
import { mayResend } from '../../lib/money-answer';
import { parseStoredRun, payBodyOf, type RunBill, storedRun, storedRunKey } from './bills-pay-run';

const LEAVE_QUESTION = 'Bills are still being paid. Leave anyway? The bills not yet sent stay unpaid.';

const storageKey = () => {
  const credentials = session.credentials();
  return storedRunKey(credentials?.member?.email ?? credentials?.clientId ?? 'console');
};

/**
 * Many approved bills paid as one run through the file engine's runner (lib/file-engine/run-rows.ts) and the one money
 * submission's row sender: each bill once, with a key derived from the bill and its attempt. The run's bills wait in
 * the tab's storage until it is done, so that a reload offers to resume it; a resumed run reads each bill again
 * before anything is sent.
 */
export function useBillsPayRun() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<{ bills: RunBill[]; rows: RowsRun<RunBill>; resumed: boolean } | null>(null);
  const [interrupted, setInterrupted] = useState<RunBill[] | null>(() =>
    parseStoredRun(sessionStorage.getItem(storageKey())),
  );
  useRunUpdates(run?.rows ?? null);
  const running = run !== null && run.rows.state !== 'done';
  useLeaveGuard(running, LEAVE_QUESTION);

  const start = async (bills: RunBill[], resumed: boolean) => {
    if (running) return;
    sessionStorage.setItem(storageKey(), storedRun(bills));
    setInterrupted(null);
    const { mode } = await queryClient.ensureQueryData(runtimeConfigQuery);
    const rows = new RowsRun(bills, {
      send: (bill) => (resumed ? payBillRowAfterLookUp : payBillRow)(payBodyOf(bill)),
      lookup: (bill) => lookUpBillRow(payBodyOf(bill)),
      resendAllowed: mayResend(billPayMoney.keyOnReuse[mode]),
    });
    setRun({ bills, rows, resumed });
    await rows.start();
    // Rows still unknown stay in storage: a reload offers the run again, and each is read before it is sent.
    if (rows.outcomes.every((outcome) => outcome.kind !== 'unknown')) sessionStorage.removeItem(storageKey());
    void queryClient.invalidateQueries({ queryKey: ['bills'] });
    void queryClient.invalidateQueries({ queryKey: ['apps'] });
    void movedMoney(queryClient);
    const counts = rows.counts();
    const paid = bills.reduce(
      (sum, bill, index) => sum + (rows.outcomes[index]?.kind === 'created' ? bill.amount : 0),
      0,
    );
    recordActivity({
      action: 'Bills paid',
      subject: `${bills.length} bills`,
      details: `${counts.created} paid, ${counts.alreadyPaid} already paid, ${counts.refused} refused, ${counts.unknown} unknown; ${formatCents(paid)}`,
    });
  };

  return {
    run,
    running,
    interrupted,
    start: (bills: RunBill[]) => start(bills, false),
    resume: () => interrupted && start(interrupted, true),
    forget: () => {
      sessionStorage.removeItem(storageKey());
      setInterrupted(null);
    },
    close: () => !running && setRun(null),
    checkAgain: async () => {
      if (!run || running) return;
      await run.rows.resolveUnknown();
      if (run.rows.outcomes.every((outcome) => outcome.kind !== 'unknown'))
        sessionStorage.removeItem(storageKey());
    },
  };
}
