import '@mantine/core/styles/Timeline.css';
import { Anchor, Table } from '@mantine/core';
import { Link } from 'wouter';
import type { Transfer } from '../api/schemas';
import { Money } from './Money';
import { StatusBadge } from './StatusBadge';

interface Props {
  label: string;
  transfers: readonly Transfer[];
  /** The finder shows type and the status timeline too; the user view only what a glance needs. */
  detailed?: boolean;
}

/** Transfers, each row a link to its transfer view. */
export function TransfersTable({ label, transfers, detailed = false }: Props) {
  return (
    <Table.ScrollContainer type="native" minWidth={detailed ? 880 : 560}>
      <Table aria-label={label} striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Transfer</Table.Th>
            <Table.Th>Created</Table.Th>
            {detailed && <Table.Th>Type</Table.Th>}
            <Table.Th>Status</Table.Th>
            {detailed && <Table.Th>Timeline</Table.Th>}
            <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transfers.map((transfer) => (
            <Table.Tr key={transfer.id}>
              <Table.Td>
                <Anchor component={Link} to={`/transfers/${transfer.id}`} ff="monospace" size="sm">
                  {transfer.id}
                </Anchor>
              </Table.Td>
              <Table.Td>{transfer.created ?? '—'}</Table.Td>
              {detailed && <Table.Td>{transfer.type ?? '—'}</Table.Td>}
              <Table.Td>
                <StatusBadge status={transfer.status} />
              </Table.Td>
              {detailed && (
                <Table.Td>
                  {transfer.status_history?.map((entry) => entry.status).join(' → ') || '—'}
                </Table.Td>
              )}
              <Table.Td style={{ textAlign: 'right' }}>
                <Money cents={transfer.amount} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
