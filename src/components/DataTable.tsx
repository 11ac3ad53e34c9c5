import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRowLink } from './row-link';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Amounts line up on the right. */
  numeric?: boolean;
}

interface Props<T> {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** The record a row opens, by a click anywhere in it or Enter (components/row-link.ts). */
  href?: (row: T) => string;
  minWidth: number;
}

/** A striped, bordered table that scrolls sideways on a narrow screen: the console's lists. */
export function DataTable<T>({ label, rows, columns, rowKey, href, minWidth }: Props<T>) {
  const rowLink = useRowLink();
  const align = (column: Column<T>) => (column.numeric ? { textAlign: 'right' as const } : undefined);
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      // A table with nothing to focus in it is still scrolled sideways by keyboard: the region takes the focus.
      {...(href ? {} : { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` })}
    >
      <Table aria-label={label} striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <Table.Th key={index} style={align(column)}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...(href ? rowLink(href(row)) : {})}>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                <Table.Td key={index} style={align(column)}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
