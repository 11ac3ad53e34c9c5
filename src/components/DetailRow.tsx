import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One line of a record read across (Table variant="vertical"): what it is, then its value. On a phone the label
 * column is narrower and a long value (an id, an email) breaks where it must: the record fits the screen's width.
 */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 112, sm: 180 }}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}
