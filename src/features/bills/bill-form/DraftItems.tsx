import { Table } from '@mantine/core';
import { formatCents } from '../../../lib/money';

/** The items the service read from the invoice, as the bill will carry them while the amount is theirs. */
export function DraftItems({
  items,
}: {
  items: readonly { name: string; quantity: number; unit_price: number; amount: number }[];
}) {
  return (
    <Table aria-label="Items read from the invoice" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Quantity</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Unit price</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id
          <Table.Tr key={index}>
            <Table.Td>{item.name}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{item.quantity}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatCents(item.unit_price)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatCents(item.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
