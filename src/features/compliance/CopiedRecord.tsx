import { Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { appQueries } from '../../api/apps';
import { DetailRow } from '../../components/DetailRow';
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
            <DetailRow label="Company">{record.data.company_info?.name ?? '—'}</DetailRow>
            <DetailRow label="EIN">
              {record.data.company_info?.ein
                ? maskAccount(record.data.company_info.ein.slice(-4))
                : record.data.company_info?.ein_last4
                  ? maskAccount(record.data.company_info.ein_last4)
                  : '—'}
            </DetailRow>
            <DetailRow label="Incorporated">
              {[record.data.company_info?.incorporation_type, record.data.company_info?.incorporation_state]
                .filter(Boolean)
                .join(', ') || '—'}
            </DetailRow>
            <DetailRow label="Contact">{record.data.contact_info?.email ?? '—'}</DetailRow>
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
