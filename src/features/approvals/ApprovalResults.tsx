import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { ApprovalRequest } from '../../api/approvals';
import { DataTable } from '../../components/DataTable';
import { downloadCsv } from '../../components/download';
import { Money } from '../../components/Money';
import { toCsv } from '../../lib/csv';

type Outcome = NonNullable<NonNullable<ApprovalRequest['result']>['rows']>[number];

function outcomeText(row: Outcome): string {
  if (row.transfer_id) return row.replayed ? 'Made before (found by its key)' : 'Transfer made';
  if (row.outcome === 'unknown') return `Unknown: ${row.error ?? 'no answer'}`;
  return `Not paid: ${row.error ?? `HTTP ${row.status}`}`;
}

/** What the server paid: a row per payment, its transfer, and the same as a CSV file for the books. */
export function ApprovalResults({ request }: { request: ApprovalRequest }) {
  const outcomes = request.result?.rows ?? [];
  if (outcomes.length === 0) return null;
  const body = request.body;
  const bodies =
    'payment' in body
      ? [body.payment]
      : 'payout' in body
        ? [body.payout]
        : 'rows' in body
          ? body.rows
          : 'move' in body
            ? body.moves
            : body.payouts;
  const numbers = 'row_numbers' in body ? body.row_numbers : undefined;
  const rowNumber = (row: Outcome) => numbers?.[row.index] ?? row.index + 1;
  const amountOf = (row: Outcome) => Number(bodies[row.index]?.amount ?? 0);
  const download = () =>
    downloadCsv(
      `approval-${request.id.slice(0, 8)}-results.csv`,
      toCsv(
        ['row', 'amount_cents', 'outcome', 'transfer_id', 'request_id'],
        outcomes.map((row) => [
          rowNumber(row),
          amountOf(row),
          outcomeText(row),
          row.transfer_id,
          String(bodies[row.index]?.idempotency_key ?? ''),
        ]),
      ),
    );
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Result
          </Title>
          <Button variant="default" size="xs" onClick={download}>
            Download CSV
          </Button>
        </Group>
        <DataTable
          label="Results"
          rows={outcomes}
          rowKey={(row) => String(row.index)}
          minWidth={640}
          columns={[
            { header: 'Row', cell: rowNumber },
            { header: 'Amount', numeric: true, cell: (row) => <Money cents={amountOf(row)} /> },
            { header: 'Outcome', cell: outcomeText },
            {
              header: 'Transfer',
              cell: (row) =>
                row.transfer_id ? (
                  <Anchor component={Link} to={`/transfers/${row.transfer_id}`}>
                    {`Transfer ${row.transfer_id.slice(0, 8)}`}
                  </Anchor>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}
