import { Button, Group, Loader, Text } from '@mantine/core';
import { ApiErrorAlert } from './ApiErrorAlert';
import { Notice } from './Notice';

/**
 * Where the check of a chosen file stands, for a file of payments or payouts: the step under way, a file that cannot
 * be used (nothing was sent), or a check the service could not answer, with Check again.
 */
export function FileCheckNotices({
  checking,
  problem,
  failed,
}: {
  /** "december.csv: Checking each row…" */
  checking?: string | undefined;
  problem?: { fileName: string; message: string } | undefined;
  failed?: { error: unknown; onCheckAgain: () => void } | undefined;
}) {
  return (
    <>
      {checking && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{checking}</Text>
        </Group>
      )}
      {problem && (
        <Notice tone="danger" title={`${problem.fileName} cannot be used`} role="alert">
          {`${problem.message}. Nothing was sent.`}
        </Notice>
      )}
      {failed && (
        <ApiErrorAlert title="The file could not be checked against the service" error={failed.error}>
          <Button mt="sm" variant="default" onClick={failed.onCheckAgain}>
            Check again
          </Button>
        </ApiErrorAlert>
      )}
    </>
  );
}
