import { Anchor, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { Transfer } from '../api/schemas';
import { userQueries } from '../api/users';
import { formatDateTime } from '../lib/dates';
import { transferTypeWords } from '../lib/words';
import { type Column, DataTable } from './DataTable';
import { Money } from './Money';
import { StatusBadge } from './StatusBadge';

/** Who the money came from (a payment) or went to (a payout), by name, as the transfer's transaction names them. */
export function counterpartyOf(transfer: Transfer): string | null {
  const transaction = transfer.transactions?.[0];
  if (!transaction) return null;
  return (transfer.type === 'payout' ? transaction.destination_name : transaction.source_name) ?? null;
}

/**
 * Who paid or was paid, by name: as its ledger line names them, or, for a transfer with no line (a deposit on its way,
 * or a service that sent none), the user it names, read from the directory.
 */
function PartyName({ transfer }: { transfer: Transfer }) {
  const named = counterpartyOf(transfer);
  const userId = named === null && transfer.user_id ? transfer.user_id : null;
  const user = useQuery({ ...userQueries.detail(userId ?? ''), enabled: userId !== null });
  if (named !== null) return <>{named}</>;
  const name = [user.data?.first_name, user.data?.last_name].filter(Boolean).join(' ');
  return <>{name || '—'}</>;
}

/** Columns between the transfer's id and its amount, in the order given. */
const COLUMNS = {
  created: { header: 'Created', cell: (t) => formatDateTime(t.created) },
  party: { header: 'Payer or payee', cell: (t) => <PartyName transfer={t} /> },
  type: { header: 'Type', cell: (t) => transferTypeWords(t.type) },
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

/**
 * At phone width, what matters fits without sideways scrolling, as Bills does: the transfer (its id's first
 * characters over who paid or was paid), its status and its amount; the transfer's page has the rest.
 */
const PHONE_COLUMNS: Column<Transfer>[] = [
  {
    header: 'Transfer',
    cell: (transfer) => (
      <>
        <Anchor
          component={Link}
          to={`/transfers/${transfer.id}`}
          ff="monospace"
          size="sm"
          title={transfer.id}
        >
          {transfer.id.slice(0, 8)}
        </Anchor>
        <Text size="sm">
          <PartyName transfer={transfer} />
        </Text>
      </>
    ),
  },
  COLUMNS.status,
  { header: 'Amount', numeric: true, cell: (transfer) => <Money cents={transfer.amount} /> },
];

/** Transfers, each row opening its transfer view. */
export function TransfersTable({ label, transfers, columns = ['created', 'status'], minWidth = 560 }: Props) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  if (phone) {
    return (
      <DataTable
        label={label}
        rows={transfers}
        rowKey={(transfer) => transfer.id}
        href={(transfer) => `/transfers/${transfer.id}`}
        minWidth={0}
        columns={PHONE_COLUMNS}
      />
    );
  }
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
