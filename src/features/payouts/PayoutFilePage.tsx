import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { recordActivity } from '../../api/activity-log';
import {
  movedMoney,
  useApprovalHint,
  useApprovalNeed,
  useSubmitPayoutsFileApproval,
} from '../../api/approvals';
import { authorOf, batchKeySecret, session } from '../../api/credentials';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { useWallets } from '../../api/wallets';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { downloadCsv } from '../../components/download';
import { FileCheckNotices } from '../../components/FileCheckNotices';
import { FileChooser } from '../../components/FileChooser';
import { useLeaveGuard } from '../../components/leave-guard';
import { Money } from '../../components/Money';
import { Notice } from '../../components/Notice';
import { RowErrors } from '../../components/RowErrors';
import { RowsProgressBar } from '../../components/RowsProgressBar';
import { TransferOrMessage } from '../../components/TransferOrMessage';
import { useRunUpdates } from '../../components/use-run-updates';
import { VirtualTable } from '../../components/VirtualTable';
import { toCsv } from '../../lib/csv';
import { derivedFileName } from '../../lib/file-engine/file-exports';
import { formatCents } from '../../lib/money';
import { PAYOUTS_TEMPLATE_CSV } from './payout-file';
import { type CheckedPayouts, checkPayoutsFile, type PayoutCheckStep } from './payout-file-check';
import { PayoutFileRun, type PayoutOutcome, type PlannedPayout } from './payout-file-run';
import { batchKeyOf } from './payout-keys';

type Stage =
  | { kind: 'empty' }
  | { kind: 'checking'; fileName: string; step: PayoutCheckStep }
  | { kind: 'problem'; fileName: string; message: string }
  | { kind: 'failed'; file: File; error: unknown }
  | { kind: 'checked'; checked: CheckedPayouts; skipped: boolean }
  | { kind: 'run'; checked: CheckedPayouts; run: PayoutFileRun };

const STEP_WORDS: Record<PayoutCheckStep, string> = {
  reading: 'Checking each row',
  payees: 'Finding the payees and their payout methods',
  paid: 'Looking for rows paid already',
};

const OUTCOME_WORDS: Record<PayoutOutcome['kind'], string> = {
  waiting: 'To pay',
  paid: 'Paid',
  paidBefore: 'Paid before',
  refused: 'Refused',
  unknown: 'Unknown',
};

const HINT =
  'Up to 1,000 payouts and 1 MiB. Columns: a payee (user_email or user_id), amount, platform (ach, paypal, venmo, cash_app or default) and, for a bank account, account_id.';

const n = (count: number) => count.toLocaleString('en-US');

function summaryOf(run: PayoutFileRun): string {
  const c = run.counts();
  return `${n(c.paid)} paid · ${n(c.paidBefore)} paid before · ${n(c.refused)} refused · ${n(c.unknown)} unknown`;
}

function resultsCsv(planned: readonly PlannedPayout[], outcomes: readonly PayoutOutcome[]): string {
  return toCsv(
    ['row', 'user_id', 'payee', 'amount_cents', 'platform', 'outcome', 'transfer_id', 'error', 'request_id'],
    planned.map((row, index) => {
      const outcome = outcomes[index] ?? { kind: 'waiting' };
      return [
        row.payout.row,
        row.payout.userId,
        row.payout.payeeName,
        row.payout.cents,
        row.payout.platform,
        OUTCOME_WORDS[outcome.kind],
        'transferId' in outcome ? outcome.transferId : '',
        'message' in outcome ? outcome.message : '',
        row.key,
      ];
    }),
  );
}

function PayoutRows({
  label,
  planned,
  outcomes,
}: {
  label: string;
  planned: readonly PlannedPayout[];
  outcomes: readonly PayoutOutcome[];
}) {
  const rows = planned.map((row, index) => ({
    row,
    outcome: outcomes[index] ?? { kind: 'waiting' as const },
  }));
  return (
    <VirtualTable
      label={label}
      rows={rows}
      rowKey={({ row }) => row.key}
      columns={[
        { header: 'Row', width: 70, cell: ({ row }) => row.payout.row },
        {
          header: 'Payee',
          cell: ({ row }) => row.payout.payeeName || row.payout.payeeEmail || row.payout.userId,
        },
        { header: 'Amount', numeric: true, cell: ({ row }) => <Money cents={row.payout.cents} /> },
        { header: 'To', cell: ({ row }) => row.payout.methodText },
        { header: 'Outcome', cell: ({ outcome }) => OUTCOME_WORDS[outcome.kind] },
        { header: 'Transfer or error', cell: ({ outcome }) => <TransferOrMessage outcome={outcome} /> },
      ]}
    />
  );
}

/**
 * Pay out from a file: a CSV of payouts, each row checked against its payee's saved methods; a review by count and
 * total and the wallet it comes from; one or more payout batches (row by row where the service has none); each row's
 * result and a CSV of them. The same file again pays nothing twice: every row's key is derived from the row.
 */
export function PayoutFilePage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const latest = useRef(0);
  const run = stage.kind === 'run' ? stage.run : null;
  useRunUpdates(run);
  const sending = run !== null && run.state !== 'done';
  useLeaveGuard(sending, 'Payouts are being sent. Leave anyway? Choose the file again to see what was paid.');
  const approvalNeed = useApprovalNeed();
  const approvalHint = useApprovalHint('file');
  const submitApproval = useSubmitPayoutsFileApproval();
  const { preferred: wallet } = useWallets();
  const runHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (run) runHeading.current?.focus();
  }, [run]);

  const mode = async () => (await queryClient.ensureQueryData(runtimeConfigQuery)).mode;

  const check = async (file: File) => {
    const ticket = ++latest.current;
    const secret = batchKeySecret(session.credentials());
    if (!secret) return;
    setStage({ kind: 'checking', fileName: file.name, step: 'reading' });
    try {
      const result = await checkPayoutsFile(file, {
        secret,
        operator: authorOf(session.credentials()),
        upstream: (await mode()) === 'upstream',
        onStep: (step) => {
          if (ticket === latest.current) setStage({ kind: 'checking', fileName: file.name, step });
        },
      });
      if (ticket !== latest.current) return;
      setStage(
        result.ok
          ? { kind: 'checked', checked: result.checked, skipped: false }
          : { kind: 'problem', fileName: file.name, message: result.problem },
      );
    } catch (error) {
      if (ticket === latest.current) setStage({ kind: 'failed', file, error });
    }
  };

  const pay = async (checked: CheckedPayouts) => {
    const secret = batchKeySecret(session.credentials());
    if (!secret) return;
    const payoutRun = new PayoutFileRun(checked.planned, {
      appId: wallet?.appId,
      mode: await mode(),
      file: checked.sha256,
      batchKeyOf: (keys) => batchKeyOf(secret, keys),
    });
    setStage({ kind: 'run', checked, run: payoutRun });
    await payoutRun.start();
    void queryClient.invalidateQueries({ queryKey: ['apps'] });
    void movedMoney(queryClient);
    recordActivity({ action: 'Payouts file paid', subject: checked.fileName, details: summaryOf(payoutRun) });
  };

  const submitForApproval = (checked: CheckedPayouts) => {
    const toPay = checked.planned.filter((row) => !row.paidBefore);
    submitApproval.mutate(
      {
        payouts: toPay.map((row) => row.body),
        row_numbers: toPay.map((row) => row.payout.row),
        file_sha256: checked.sha256,
        app_id: wallet?.appId,
      },
      { onSuccess: (made) => navigate(`/approvals/${made.id}`) },
    );
  };

  return (
    <Stack>
      <Title order={1}>Pay out from a file</Title>
      <Text size="sm" c="dimmed">
        Each row is one payout from an app&apos;s wallet to a user&apos;s saved payout method. Nothing moves
        before you review the count and the total; the same rows chosen again are never paid twice.
      </Text>
      {stage.kind !== 'run' && (
        <FileChooser
          onFile={check}
          active={!sending}
          label="Payouts file"
          hint={HINT}
          template={{ name: 'payouts-template.csv', csv: PAYOUTS_TEMPLATE_CSV }}
        />
      )}
      <FileCheckNotices
        checking={stage.kind === 'checking' ? `${stage.fileName}: ${STEP_WORDS[stage.step]}…` : undefined}
        problem={stage.kind === 'problem' ? stage : undefined}
        failed={
          stage.kind === 'failed' ? { error: stage.error, onCheckAgain: () => check(stage.file) } : undefined
        }
      />

      {stage.kind === 'checked' && (
        <>
          {stage.checked.errors.length > 0 && (
            <RowErrors
              batch={{ ...stage.checked, payable: stage.checked.planned.length }}
              skipped={stage.skipped}
              onSkip={() => setStage({ ...stage, skipped: true })}
            />
          )}
          {(stage.checked.errors.length === 0 || stage.skipped) && stage.checked.planned.length > 0 && (
            <Review
              checked={stage.checked}
              walletName={wallet?.appName ?? null}
              walletCents={wallet?.cents ?? null}
              approvalNeeded={(cents) => approvalNeed(cents, 'file').needed}
              approvalHint={approvalHint}
              onPay={() => void pay(stage.checked)}
              onSubmitForApproval={() => submitForApproval(stage.checked)}
              submitting={submitApproval.isPending}
              approvalError={submitApproval.error}
            />
          )}
        </>
      )}
      {stage.kind === 'run' && (
        <>
          <Title order={2} ref={runHeading} tabIndex={-1}>
            {stage.run.state === 'done' ? 'Results' : `Paying out from ${stage.checked.fileName}`}
          </Title>
          <RunProgress run={stage.run} />
          {stage.run.state === 'done' && (
            <Group>
              <Button
                variant="default"
                onClick={() =>
                  downloadCsv(
                    derivedFileName(stage.checked.fileName, 'results'),
                    resultsCsv(stage.checked.planned, stage.run.outcomes),
                  )
                }
              >
                Download results CSV
              </Button>
              <Button variant="default" onClick={() => setStage({ kind: 'empty' })}>
                Pay out another file
              </Button>
            </Group>
          )}
          <PayoutRows label="Results" planned={stage.checked.planned} outcomes={stage.run.outcomes} />
        </>
      )}
    </Stack>
  );
}

function RunProgress({ run }: { run: PayoutFileRun }) {
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
          ? summaryOf(run)
          : `${run.state === 'sending' ? 'Sending the batch' : 'The service is paying'} · ${n(done)} of ${n(total)} answered${status ? ` · batch ${status}` : ''}`}
      </Text>
    </Stack>
  );
}

function Review({
  checked,
  walletName,
  walletCents,
  approvalNeeded,
  approvalHint,
  onPay,
  onSubmitForApproval,
  submitting,
  approvalError,
}: {
  checked: CheckedPayouts;
  walletName: string | null;
  walletCents: number | null;
  approvalNeeded: (cents: number) => boolean;
  approvalHint: string | null;
  onPay: () => void;
  onSubmitForApproval: () => void;
  submitting: boolean;
  approvalError: unknown;
}) {
  const toPay = checked.planned.filter((row) => !row.paidBefore);
  const paidBefore = checked.planned.length - toPay.length;
  const total = toPay.reduce((sum, row) => sum + row.payout.cents, 0);
  const short = walletCents !== null && total > walletCents;
  const needsApproval = approvalNeeded(total);
  const label = `${n(toPay.length)} payout${toPay.length === 1 ? '' : 's'} (${formatCents(total)})`;
  return (
    <Paper withBorder p="md" component="section" aria-label="Review">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Review
        </Title>
        <Text>
          {`${n(toPay.length)} payouts to pay, ${formatCents(total)} in all`}
          {walletName &&
            (walletCents === null
              ? `, from the wallet of ${walletName}.`
              : `, from the wallet of ${walletName}: ${formatCents(walletCents)} now, ${formatCents(walletCents - total)} after.`)}
        </Text>
        {paidBefore > 0 && (
          <Notice tone="info" title="Paid before" role="status">
            {`${n(paidBefore)} row${paidBefore === 1 ? '' : 's'} of this file ${paidBefore === 1 ? 'was' : 'were'} paid in the last 24 hours (found by ${paidBefore === 1 ? 'its' : 'their'} request ids): ${paidBefore === 1 ? 'it is' : 'they are'} not paid again.`}
          </Notice>
        )}
        {!checked.lastDayComplete && (
          <Notice tone="warning" title="Not every payout of the last 24 hours was read">
            The service holds more than the console reads: a row paid earlier may not show as paid before. Its
            key still stops the service from paying it twice.
          </Notice>
        )}
        {short && (
          <Notice tone="danger" title="The wallet is short" role="alert">
            {`The wallet holds ${formatCents(walletCents ?? 0)}: the rows beyond it will be refused. Refill the wallet first.`}
          </Notice>
        )}
        {approvalHint && <Text size="sm">{approvalHint}</Text>}
        {approvalError !== null && approvalError !== undefined && (
          <ApiErrorAlert error={approvalError} title="The request was not submitted" />
        )}
        <Group>
          {toPay.length === 0 ? (
            <Text>Every row of this file was paid before: there is nothing to pay.</Text>
          ) : needsApproval ? (
            <Button onClick={onSubmitForApproval} loading={submitting}>
              {`Submit ${label} for approval`}
            </Button>
          ) : (
            <Button onClick={onPay}>{`Pay ${label}`}</Button>
          )}
        </Group>
        <PayoutRows
          label="Rows to pay"
          planned={checked.planned}
          outcomes={checked.planned.map((row) =>
            row.paidBefore ? { kind: 'paidBefore', transferId: row.paidBefore } : { kind: 'waiting' },
          )}
        />
      </Stack>
    </Paper>
  );
}
