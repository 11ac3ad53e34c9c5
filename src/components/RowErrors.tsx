import '@mantine/core/styles/List.css';
import { Button, Group, List, ScrollArea, Text } from '@mantine/core';
import { derivedFileName, rowsToFixCsv } from '../lib/file-engine/file-exports';
import type { RowsFile } from '../lib/file-engine/read-file';
import { describeRowError, type RowError } from '../lib/file-engine/row-checks';
import { downloadCsv } from './download';
import { Notice } from './Notice';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

interface Props {
  /** The file as read, its rows' errors, and how many of its rows can be paid. */
  checked: { fileName: string; file: RowsFile; errors: readonly RowError[]; payable: number };
  skipped: boolean;
  onSkip: () => void;
}

/**
 * Each row error by row and column, as a spreadsheet numbers rows. The operator fixes the file and chooses it again,
 * or goes on without those rows; either way the rows to fix can be downloaded, with an error column.
 */
export function RowErrors({ checked, skipped, onSkip }: Props) {
  const rows = new Set(checked.errors.map((error) => error.row)).size;
  const download = (
    <Button
      variant="default"
      onClick={() =>
        downloadCsv(derivedFileName(checked.fileName, 'to-fix'), rowsToFixCsv(checked.file, checked.errors))
      }
    >
      Download rows to fix
    </Button>
  );
  if (skipped) {
    return (
      <Group justify="space-between">
        <Text size="sm">{`${plural(rows, 'row')} with errors skipped: they are not paid.`}</Text>
        {download}
      </Group>
    );
  }
  const payable = checked.payable;
  return (
    <Notice tone="danger" title={`${plural(rows, 'row')} of ${checked.fileName} cannot be paid`} role="alert">
      <ScrollArea.Autosize mah={280} type="auto">
        <List size="sm" aria-label="Row errors" spacing={2}>
          {checked.errors.map((error) => (
            <List.Item key={`${error.row}:${error.column}:${error.message}`}>
              {describeRowError(error)}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      <Text size="sm" mt="sm">
        {payable > 0
          ? `Fix the file and choose it again, or go on with the other ${plural(payable, 'row')}.`
          : 'No row can be paid as it is: fix the file and choose it again.'}
      </Text>
      <Group mt="sm">
        {payable > 0 && <Button onClick={onSkip}>{`Skip ${plural(rows, 'row')} with errors`}</Button>}
        {download}
      </Group>
    </Notice>
  );
}
