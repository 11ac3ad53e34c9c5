import { Stack, Text, Title } from '@mantine/core';
import { BatchFileStages } from '../../components/BatchFileStages';
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

const CHOOSER = {
  label: 'Wallet moves file',
  hint: 'Up to 1,000 moves and 1 MiB. Columns: a user (user_name, user_email or user_id), amount, direction (to_user or from_user) and any metadata.<key>.',
  template: { name: 'wallet-moves-template.csv', csv: MOVES_TEMPLATE_CSV },
};

const PARTS = {
  Review: MovesFileReview,
  Progress: MovesFileProgress,
  Results: MovesFileResults,
  Rows: MovesFileRows,
};

/**
 * Wallet moves from a file: a CSV of moves between the app's wallet and users' wallets, each row's user looked up; a
 * review by count, the total each way and the wallet before and after; one or more transfer batches; each row's
 * result and a CSV of them. The same file again moves nothing twice: every row's key is derived from the row.
 */
export function MovesFilePage() {
  return (
    <Stack>
      <Title order={1}>Wallet moves from a file</Title>
      <Text size="sm" c="dimmed">
        Each row moves money between an app&apos;s wallet and a user&apos;s wallet. Nothing moves before you
        review the count and the total; the same rows chosen again are never moved twice.
      </Text>
      <BatchFileStages
        file={useMovesFile()}
        chooser={CHOOSER}
        stepWords={STEP_WORDS}
        running={(fileName) => `Moving ${fileName}`}
        parts={PARTS}
      />
    </Stack>
  );
}
