import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { downloadCsv } from '../../components/download';
import { derivedFileName, rowsToFixCsv } from '../../lib/file-engine/file-exports';
import type { RowsFile } from '../../lib/file-engine/read-file';
import type { RowError } from '../../lib/file-engine/row-checks';
import { countResults, type ResultRow, resultsCsv, summaryLine } from './payments-file-exports';

interface Props {
  fileName: string;
  file: RowsFile;
  rows: readonly ResultRow[];
  /** The rows skipped for errors before the run: they are rows to fix too. */
  skippedErrors: readonly RowError[];
  onCheckAgain: () => Promise<void>;
  onAnotherFile: () => void;
}

/** What the file's run came to: the counts in a line, the results and the rows to fix as files, the unknown checked again. */
export function PaymentsFileResults({
  fileName,
  file,
  rows,
  skippedErrors,
  onCheckAgain,
  onAnotherFile,
}: Props) {
  const counts = countResults(rows);
  const [checking, setChecking] = useState(false);
  const refused: RowError[] = rows.flatMap(({ planned, outcome }) =>
    outcome.kind === 'refused'
      ? [{ row: planned.payment.row, column: 'payment', message: outcome.message }]
      : [],
  );
  const toFix = [...skippedErrors, ...refused].sort((a, b) => a.row - b.row);
  return (
    <>
      <Text role="status" fw={600}>
        {summaryLine(counts)}
      </Text>
      <Group>
        <Button
          variant="default"
          onClick={() => downloadCsv(derivedFileName(fileName, 'results'), resultsCsv(rows))}
        >
          Download CSV
        </Button>
        {toFix.length > 0 && (
          <Button
            variant="default"
            onClick={() => downloadCsv(derivedFileName(fileName, 'to-fix'), rowsToFixCsv(file, toFix))}
          >
            Download rows to fix
          </Button>
        )}
        {counts.unknown > 0 && (
          <Button
            loading={checking}
            onClick={async () => {
              setChecking(true);
              await onCheckAgain();
              setChecking(false);
            }}
          >
            Check unknown rows again
          </Button>
        )}
        <Button variant="default" onClick={onAnotherFile}>
          Pay from another file
        </Button>
      </Group>
    </>
  );
}
