import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { type AuditQuery, type AuditRow, downloadAuditCsv, teamQueries } from '../../api/team';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { downloadCsv } from '../../components/download';
import { Notice } from '../../components/Notice';
import { Select } from '../../components/Select';
import { formatDateTime } from '../../lib/dates';
import { AUDIT_ACTION_OPTIONS, auditLineWords } from './audit-words';

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

/** The team's audit trail (admins only): who did what, when, from where, with what outcome. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditQuery>({});
  const members = useQuery(teamQueries.members());
  const trail = useQuery({ ...teamQueries.audit(filters), placeholderData: keepPreviousData });
  const health = useQuery(teamQueries.auditHealth());
  const [download, setDownload] = useState<{ pending: boolean; error: unknown }>({
    pending: false,
    error: null,
  });
  const set = (key: keyof AuditQuery) => (value: string | null) =>
    setFilters((current) => ({ ...current, [key]: value || undefined }));
  const rows = trail.data?.data ?? [];
  const names = new Map((members.data?.data ?? []).map((m) => [m.id, m.name]));

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
      {health.data?.checked && health.data.ok === false && (
        <Notice tone="danger" role="alert" title="The audit trail does not verify">
          <Stack gap={4}>
            <Text size="sm">
              When this console server started ({formatDateTime(health.data.checked_at)}), the trail broke at
              row {health.data.broken_at}: {health.data.why}. Nothing was re-sealed: the lines below from that
              row on cannot be trusted until an operator who holds the audit key finds out what changed.
            </Text>
            <Text size="sm">
              Once the rows are as they should be, the operator runs <Code>{health.data.reseal}</Code> and
              restarts the servers.
            </Text>
          </Stack>
        </Notice>
      )}
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
            data={AUDIT_ACTION_OPTIONS}
            value={filters.action ?? null}
            onChange={set('action')}
            searchable
            w={300}
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
              { header: 'Time', cell: (row) => formatDateTime(row.at) },
              { header: 'What happened', cell: (row) => auditLineWords(row, names).sentence },
              { header: 'Role', cell: (row) => row.role ?? '—' },
              {
                header: 'Records',
                cell: (row) => {
                  const { targets } = auditLineWords(row, names);
                  if (targets.length === 0) return '—';
                  return (
                    <Stack gap={2}>
                      {targets.map((target) =>
                        target.href ? (
                          <Anchor
                            key={target.id}
                            component={Link}
                            href={target.href}
                            size="xs"
                            ff="monospace"
                          >
                            {`${target.label} ${target.id}`}
                          </Anchor>
                        ) : (
                          <Text key={target.id} size="xs" ff="monospace">
                            {target.label === 'id' ? target.id : `${target.label} ${target.id}`}
                          </Text>
                        ),
                      )}
                    </Stack>
                  );
                },
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
