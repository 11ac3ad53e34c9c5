import { Button, Group, Loader, Text } from '@mantine/core';
import { ApiErrorAlert } from './ApiErrorAlert';
import { Notice } from './Notice';
import type { FileStage } from './use-file-stages';

/**
 * Where the check of a chosen file stands, for any file of rows: the step under way ("december.csv: Checking each
 * row…"), a file that cannot be used (nothing was sent), or a check the service could not answer, with Check again.
 */
export function FileCheckNotices<TStep extends string>({
  stage,
  stepWords,
  onCheckAgain,
}: {
  stage: FileStage<TStep, unknown, unknown>;
  stepWords: Readonly<Record<TStep, string>>;
  onCheckAgain: (file: File) => void;
}) {
  return (
    <>
      {stage.kind === 'checking' && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{`${stage.fileName}: ${stepWords[stage.step]}…`}</Text>
        </Group>
      )}
      {stage.kind === 'problem' && (
        <Notice tone="danger" title={`${stage.fileName} cannot be used`} role="alert">
          {`${stage.message}. Nothing was sent.`}
        </Notice>
      )}
      {stage.kind === 'failed' && (
        <ApiErrorAlert title="The file could not be checked against the service" error={stage.error}>
          <Button mt="sm" variant="default" onClick={() => onCheckAgain(stage.file)}>
            Check again
          </Button>
        </ApiErrorAlert>
      )}
    </>
  );
}
