import { Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type AuditQuery, type AuditRow, downloadAuditCsv, teamQueries } from '../../api/team';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { downloadCsv } from '../../components/download';
import { Select } from '../../components/Select';

const OUTCOMES = [
  { value: 'ok', label: 'Succeeded' },
  { value: 'refused', label: 'Refused' },
  { value: 'failed', label: 'Failed' },
];
const OUTCOME_COLORS: Record<AuditRow['outcome'], string> = {
  ok: 'teal.9',
  refused: 'orange.9',
  failed: 'red.9',
};

/** Known actions, for the filter; the trail may hold others (a write the console does not make). */
const ACTIONS = [
  'sign-in',
  'sign-out',
  'payment.create',
  'user.address.add',
  'app.compliance.copy',
  'member.invite',
  'member.join',
  'member.disabled',
  'member.active',
  'member.password.reset',
  'member.password.set',
  'member.totp.enroll',
  'policy.change',
  'policy.propose',
  'policy.confirm',
  'approval.submit',
  'approval.approve',
  'approval.reject',
  'approval.expire',
  'approval.execute',
  'approval.row',
];

/** The team's audit trail (admins only): who did what, when, from where, with what outcome. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditQuery>({});
  const members = useQuery(teamQueries.members());
  const trail = useQuery({ ...teamQueries.audit(filters), placeholderData: keepPreviousData });
  const [download, setDownload] = useState<{ pending: boolean; error: unknown }>({
    pending: false,
    error: null,
  });
  const set = (key: keyof AuditQuery) => (value: string | null) =>
    setFilters((current) => ({ ...current, [key]: value || undefined }));
  const rows = trail.data?.data ?? [];

  const downloadTrail = async () => {
    setDownload({ pending: true, error: null });
    try {
      downloadCsv('audit.csv', await downloadAuditCsv(filters));
      setDownload({ pending: false, error: null });
    } catch (error) {
      setDownload({ pending: false, error });
    }
  };

  return (
    <Stack>
      <Title order={1}>Audit</Title>
      <Text c="dimmed">
        Every sign-in and every change, allowed or refused, in a hash chain the server can verify. Newest
        first.
      </Text>
      <Paper withBorder p="md" component="section" aria-label="Filters">
        <Group align="flex-end">
          <Select
            label="Member"
            clearable
            data={(members.data?.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.email})` }))}
            value={filters.member ?? null}
            onChange={set('member')}
            w={260}
          />
          <Select
            label="Action"
            clearable
            data={ACTIONS}
            value={filters.action ?? null}
            onChange={set('action')}
            w={200}
          />
          <Select
            label="Outcome"
            clearable
            data={OUTCOMES}
            value={filters.outcome ?? null}
            onChange={set('outcome')}
            w={150}
          />
          <TextInput
            label="From"
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => set('from')(e.currentTarget.value)}
          />
          <TextInput
            label="To"
            type="date"
            value={filters.to ?? ''}
            onChange={(e) => set('to')(e.currentTarget.value)}
          />
          <Button variant="default" onClick={downloadTrail} loading={download.pending}>
            Download CSV
          </Button>
        </Group>
      </Paper>
      {download.error !== null && <ApiErrorAlert error={download.error} title="The download failed" />}
      {trail.isError && <ApiErrorAlert error={trail.error} />}
      {trail.isPending && <Skeleton height={200} />}
      {trail.data &&
        (rows.length === 0 ? (
          <Text>Nothing in the trail matches these filters.</Text>
        ) : (
          <DataTable
            label="Audit trail"
            rows={rows}
            rowKey={(row) => String(row.seq)}
            minWidth={1000}
            columns={[
              { header: 'Time', cell: (row) => new Date(row.at).toLocaleString() },
              { header: 'Member', cell: (row) => row.email ?? '—' },
              { header: 'Role', cell: (row) => row.role ?? '—' },
              { header: 'Action', cell: (row) => row.action },
              {
                header: 'Targets',
                cell: (row) => (
                  <Text ff="monospace" size="xs">
                    {row.targets || '—'}
                  </Text>
                ),
              },
              {
                header: 'Outcome',
                cell: (row) => (
                  <Badge color={OUTCOME_COLORS[row.outcome]} variant="filled">
                    {`${OUTCOMES.find((o) => o.value === row.outcome)?.label ?? row.outcome} (${row.status})`}
                  </Badge>
                ),
              },
              {
                header: 'Request id',
                cell: (row) => (
                  <Text ff="monospace" size="xs">
                    {row.request_id ?? '—'}
                  </Text>
                ),
              },
              { header: 'Address', cell: (row) => row.client_address ?? '—' },
              { header: 'Note', cell: (row) => row.detail ?? '' },
            ]}
          />
        ))}
    </Stack>
  );
}
