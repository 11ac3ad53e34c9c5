import { Button, Group } from '@mantine/core';
import { derivedFileName } from '../lib/file-engine/file-exports';
import { downloadCsv } from './download';

/** What a file's run came to, to keep: the results as a file (`resultsCsv`); then another file. */
export function BatchRunResults({
  fileName,
  resultsCsv,
  anotherFile,
  onAnotherFile,
}: {
  fileName: string;
  resultsCsv: () => string;
  /** The button's words: "Move another file". */
  anotherFile: string;
  onAnotherFile: () => void;
}) {
  return (
    <Group>
      <Button
        variant="default"
        onClick={() => downloadCsv(derivedFileName(fileName, 'results'), resultsCsv())}
      >
        Download results CSV
      </Button>
      <Button variant="default" onClick={onAnotherFile}>
        {anotherFile}
      </Button>
    </Group>
  );
}
