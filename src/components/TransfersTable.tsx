import { Anchor } from '@mantine/core';
import { Link } from 'wouter';
import type { Transfer } from '../api/schemas';
import { type Column, DataTable } from './DataTable';
import { Money } from './Money';
import { StatusBadge } from './StatusBadge';

/** Columns between the transfer's id and its amount, in the order given. */
const COLUMNS = {
  created: { header: 'Created', cell: (t) => t.created ?? '—' },
  type: { header: 'Type', cell: (t) => t.type ?? '—' },
  status: { header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
  timeline: {
    header: 'Timeline',
    cell: (t) => t.status_history?.map((entry) => entry.status).join(' → ') || '—',
  },
  returnCode: { header: 'Return', cell: (t) => t.failure_reason?.code ?? '—' },
  reason: { header: 'Reason', cell: (t) => t.failure_reason?.message ?? '—' },
} satisfies Record<string, Column<Transfer>>;

interface Props {
  label: string;
  transfers: readonly Transfer[];
  /** The finder shows type and the status timeline; the user view only when; the overview why it failed. */
  columns?: readonly (keyof typeof COLUMNS)[];
  minWidth?: number;
}

/** Transfers, each row opening its transfer view. */
export function TransfersTable({ label, transfers, columns = ['created', 'status'], minWidth = 560 }: Props) {
  return (
    <DataTable
      label={label}
      rows={transfers}
      rowKey={(transfer) => transfer.id}
      href={(transfer) => `/transfers/${transfer.id}`}
      minWidth={minWidth}
      columns={[
        {
          header: 'Transfer',
          cell: (transfer) => (
            <Anchor component={Link} to={`/transfers/${transfer.id}`} ff="monospace" size="sm">
              {transfer.id}
            </Anchor>
          ),
        },
        ...columns.map((name) => COLUMNS[name]),
        { header: 'Amount', numeric: true, cell: (transfer) => <Money cents={transfer.amount} /> },
      ]}
    />
  );
}
