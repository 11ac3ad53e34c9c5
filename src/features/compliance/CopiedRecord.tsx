import { Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { appQueries } from '../../api/apps';
import { maskAccount } from '../../lib/mask';

/** The record the app now holds, as the service returns it; the EIN shows its last four digits only. */
export function CopiedRecord({ appId }: { appId: string }) {
  const record = useQuery(appQueries.compliance(appId));
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Copied record
      </Title>
      {record.isPending && <Skeleton height={80} />}
      {record.isError && (
        <Text size="sm" c="dimmed">
          The app&apos;s record could not be read back ({record.error.message}).
        </Text>
      )}
      {record.data && (
        <Table variant="vertical" aria-label="Copied compliance record">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={180}>Company</Table.Th>
              <Table.Td>{record.data.company_info?.name ?? '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>EIN</Table.Th>
              <Table.Td>
                {record.data.company_info?.ein ? maskAccount(record.data.company_info.ein.slice(-4)) : '—'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Incorporated</Table.Th>
              <Table.Td>
                {[record.data.company_info?.incorporation_type, record.data.company_info?.incorporation_state]
                  .filter(Boolean)
                  .join(', ') || '—'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Contact</Table.Th>
              <Table.Td>{record.data.contact_info?.email ?? '—'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
