import { Stack, Text, Title } from '@mantine/core';
import { FileCheckNotices } from '../../components/FileCheckNotices';
import { FileChooser } from '../../components/FileChooser';
import { RowErrors } from '../../components/RowErrors';
import { MovesFileProgress } from './MovesFileProgress';
import { MovesFileResults } from './MovesFileResults';
import { MovesFileReview } from './MovesFileReview';
import { MovesFileRows } from './MovesFileRows';
import type { MovesFileStep } from './moves-file-check';
import { MOVES_TEMPLATE_CSV } from './moves-file-rows';
import { useMovesFile } from './use-moves-file';

const STEP_WORDS: Record<MovesFileStep, string> = {
  reading: 'Checking each row',
  users: 'Finding the users',
  paid: 'Looking for rows moved already',
};

const HINT =
  'Up to 1,000 moves and 1 MiB. Columns: a user (user_name, user_email or user_id), amount, direction (to_user or from_user) and any metadata.<key>.';

/**
 * Wallet moves from a file: a CSV of moves between the app's wallet and users' wallets, each row's user looked up; a
 * review by count, the total each way and the wallet before and after; one or more transfer batches; each row's
 * result and a CSV of them. The same file again moves nothing twice: every row's key is derived from the row.
 */
export function MovesFilePage() {
  const { stage, check, setChecked, reset, sending, runHeading, wallet, pay, approval } = useMovesFile();
  return (
    <Stack>
      <Title order={1}>Wallet moves from a file</Title>
      <Text size="sm" c="dimmed">
        Each row moves money between an app&apos;s wallet and a user&apos;s wallet. Nothing moves before you
        review the count and the total; the same rows chosen again are never moved twice.
      </Text>
      {stage.kind !== 'run' && (
        <FileChooser
          onFile={check}
          active={!sending}
          label="Wallet moves file"
          hint={HINT}
          template={{ name: 'wallet-moves-template.csv', csv: MOVES_TEMPLATE_CSV }}
        />
      )}
      <FileCheckNotices stage={stage} stepWords={STEP_WORDS} onCheckAgain={check} />

      {stage.kind === 'checked' && (
        <>
          {stage.checked.errors.length > 0 && (
            <RowErrors
              checked={{ ...stage.checked, payable: stage.checked.planned.length }}
              skipped={stage.skipped}
              onSkip={() => setChecked(stage.checked, true)}
            />
          )}
          {(stage.checked.errors.length === 0 || stage.skipped) && stage.checked.planned.length > 0 && (
            <MovesFileReview
              checked={stage.checked}
              walletName={wallet?.appName ?? null}
              walletCents={wallet?.cents ?? null}
              approvalNeeded={approval.needed}
              approvalHint={approval.hint}
              onPay={() => void pay(stage.checked)}
              onSubmitForApproval={() => approval.submit(stage.checked)}
              submitting={approval.submitting}
              approvalError={approval.error}
            />
          )}
        </>
      )}
      {stage.kind === 'run' && (
        <>
          <Title order={2} ref={runHeading} tabIndex={-1}>
            {stage.run.state === 'done' ? 'Results' : `Moving ${stage.checked.fileName}`}
          </Title>
          <MovesFileProgress run={stage.run} />
          {stage.run.state === 'done' && (
            <MovesFileResults
              fileName={stage.checked.fileName}
              planned={stage.checked.planned}
              outcomes={stage.run.outcomes}
              onAnotherFile={reset}
            />
          )}
          <MovesFileRows label="Results" planned={stage.checked.planned} outcomes={stage.run.outcomes} />
        </>
      )}
    </Stack>
  );
}
