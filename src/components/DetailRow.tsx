import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** One line of a record read across (Table variant="vertical"): what it is, then its value. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={180}>{label}</Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}
