import { Table } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

const ROW_HEIGHT = 41;

export interface VirtualColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  width?: number;
}

/**
 * A long list's rows (a file's thousand): only the rows in view are in the page, the rest are space, so that a run of
 * a thousand rows re-renders a screenful each frame, not a thousand rows. The table says how many rows it has.
 */
export function VirtualTable<T>({
  label,
  rows,
  columns,
  rowKey,
  minWidth = 760,
}: {
  label: string;
  rows: readonly T[];
  columns: readonly VirtualColumn<T>[];
  rowKey: (row: T, index: number) => string;
  minWidth?: number;
}) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const above = items[0]?.start ?? 0;
  const below = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const align = (column: VirtualColumn<T>) => (column.numeric ? { textAlign: 'right' as const } : undefined);
  return (
    <section
      ref={scrollRef}
      style={{ maxHeight: 480, overflow: 'auto' }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached and scrolled with the keyboard
      tabIndex={0}
      aria-label={`${label} (scrolls)`}
    >
      <Table aria-label={label} aria-rowcount={rows.length + 1} stickyHeader withTableBorder miw={minWidth}>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {columns.map((column) => (
              <Table.Th key={column.header} w={column.width} style={align(column)}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {above > 0 && <tr style={{ height: above }} />}
          {items.map((item) => {
            const row = rows[item.index] as T;
            return (
              <Table.Tr
                key={rowKey(row, item.index)}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
              >
                {columns.map((column) => (
                  <Table.Td key={column.header} style={align(column)}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {below > 0 && <tr style={{ height: below }} />}
        </Table.Tbody>
      </Table>
    </section>
  );
}
