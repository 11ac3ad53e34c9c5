import { Text } from '@mantine/core';
import type { Transaction } from '../../api/schemas';
import { DataTable } from '../../components/DataTable';
import { Money } from '../../components/Money';
import { formatDateTime } from '../../lib/dates';
import { transferTypeWords } from '../../lib/words';
import { formatMetadata } from './format-metadata';

export function TransactionsTable({ transactions }: { transactions: readonly Transaction[] }) {
  if (transactions.length === 0) return <Text c="dimmed">No transactions yet.</Text>;
  return (
    <DataTable
      label="Transactions"
      rows={transactions}
      rowKey={(transaction) => String(transaction.id)}
      minWidth={640}
      columns={[
        { header: 'ID', cell: (t) => t.id },
        { header: 'Type', cell: (t) => transferTypeWords(t.type) },
        { header: 'Amount', numeric: true, cell: (t) => <Money cents={t.amount} /> },
        { header: 'From', cell: (t) => t.source_name ?? '—' },
        { header: 'To', cell: (t) => t.destination_name ?? '—' },
        { header: 'Created', cell: (t) => formatDateTime(t.created) },
        { header: 'Metadata', cell: (t) => <code>{formatMetadata(t.metadata)}</code> },
      ]}
    />
  );
}
