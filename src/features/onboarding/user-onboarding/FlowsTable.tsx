import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { flowQueries, payeeRequestQueries } from '../../../api/onboarding';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { formatDateTime } from '../../../lib/dates';
import { LINK_STATE_WORDS, linkProgress, STEP_STATE_WORDS } from '../../../lib/onboarding-progress';
import { STEP_LABELS } from './validation';

/** The user's onboarding links and how far the payee got in each. */
export function FlowsTable({ userId }: { userId: string }) {
  const flows = useQuery(flowQueries.ofUser(userId));
  // A method a payee sent through a link may wait for a second member: the link's progress says so.
  const payeeRequests = useQuery(payeeRequestQueries.recent());
  return (
    <>
      {flows.isError && <ApiErrorAlert error={flows.error} title="The links could not be read" />}
      {flows.data && flows.data.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No onboarding links yet.
        </Text>
      )}
      {flows.data && flows.data.data.length > 0 && (
        <Table aria-label="Onboarding links">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Made</Table.Th>
              <Table.Th>Steps</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {flows.data.data.map((flow) => {
              const progress = linkProgress(flow, payeeRequests.data?.data ?? []);
              return (
                <Table.Tr key={flow.id}>
                  <Table.Td>{formatDateTime(flow.created)}</Table.Td>
                  <Table.Td>{flow.steps.map((s) => STEP_LABELS[s] ?? s).join(', ')}</Table.Td>
                  <Table.Td>
                    {progress.steps
                      .map(({ step, state }) => `${STEP_LABELS[step] ?? step}: ${STEP_STATE_WORDS[state]}`)
                      .join('; ')}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{LINK_STATE_WORDS[progress.state]}</Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
