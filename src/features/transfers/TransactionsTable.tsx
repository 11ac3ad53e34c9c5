import { Table, Text } from '@mantine/core';
import type { Transaction } from '../../api/schemas';
import { Money } from '../../components/Money';
import { formatMetadata } from './format-metadata';

export function TransactionsTable({ transactions }: { transactions: readonly Transaction[] }) {
  if (transactions.length === 0) return <Text c="dimmed">No transactions yet.</Text>;
  return (
    <Table.ScrollContainer type="native" minWidth={640}>
      <Table aria-label="Transactions" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Created (UTC)</Table.Th>
            <Table.Th>Metadata</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.map((transaction) => (
            <Table.Tr key={String(transaction.id)}>
              <Table.Td>{transaction.id}</Table.Td>
              <Table.Td>{transaction.type ?? '—'}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <Money cents={transaction.amount} />
              </Table.Td>
              <Table.Td>{transaction.source_name ?? '—'}</Table.Td>
              <Table.Td>{transaction.destination_name ?? '—'}</Table.Td>
              <Table.Td>{transaction.created ?? '—'}</Table.Td>
              <Table.Td>
                <code>{formatMetadata(transaction.metadata)}</code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
