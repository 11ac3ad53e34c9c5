import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailRow } from './DetailRow';
import { AmountToConfirm } from './Money';

/** Who pays or is paid: a name and an email when known, what they are to the service and their id, their status. */
interface Party {
  label: string;
  kind: string;
  id: string;
  name: string | null;
  email: string | null;
  status?: string | null | undefined;
}

/**
 * A payment's or a payout's details, read across: the amount, who pays or is paid, then its own rows (`children`:
 * where the money comes from and goes), and last who prepared it, its request id and its metadata.
 */
export function MoneyDetailsTable({
  label,
  cents,
  party,
  initiatedBy,
  consoleRequestId,
  metadata,
  children,
}: {
  label: string;
  cents: number;
  party: Party;
  initiatedBy?: string | undefined;
  consoleRequestId?: string | undefined;
  metadata: readonly [string, string][];
  children: ReactNode;
}) {
  return (
    <Table variant="vertical" withTableBorder aria-label={label}>
      <Table.Tbody>
        <DetailRow label="Amount">
          <AmountToConfirm cents={cents} size="lg" />
        </DetailRow>
        <DetailRow label={party.label}>
          {party.name && (
            <Text fw={600} span>
              {party.name}
            </Text>
          )}
          {party.email && <Text span>{` · ${party.email}`}</Text>}
          <Text size="sm" c="dimmed">
            {party.kind} <code>{party.id}</code>
            {party.status ? ` · ${party.status}` : ''}
          </Text>
        </DetailRow>
        {children}
        {initiatedBy && <DetailRow label="Prepared by">{initiatedBy}</DetailRow>}
        {consoleRequestId && (
          <DetailRow label="Request ID">
            <code>{consoleRequestId}</code>
          </DetailRow>
        )}
        <DetailRow label="Metadata">
          {metadata.length === 0
            ? 'None'
            : metadata.map(([key, value]) => (
                <div key={key}>
                  <code>{key}</code>: {value}
                </div>
              ))}
        </DetailRow>
      </Table.Tbody>
    </Table>
  );
}
