import { Anchor, Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { Link } from 'wouter';
import { Money } from '../../components/Money';
import { shortId } from '../../components/SearchPicker';
import { describeAccount } from '../../lib/mask';
import { OUTCOME_WORDS, type ResultRow } from './batch-exports';
import type { PlannedRow } from './batch-review';

const ROW_HEIGHT = 41;

function shownAccount({ payment }: PlannedRow): string {
  const source = payment.source;
  return source.kind === 'stored'
    ? `Stored account ${shortId(source.accountId)}`
    : describeAccount(source.accountType, source.accountNumber.slice(-4));
}

/**
 * A batch's rows (up to a thousand) and what became of each: only the rows in view are in the page, the rest are
 * space, so that a run of a thousand rows re-renders a screenful each frame, not a thousand rows.
 */
export function BatchRowsTable({ label, rows }: { label: string; rows: readonly ResultRow[] }) {
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
  return (
    <section
      ref={scrollRef}
      style={{ maxHeight: 480, overflow: 'auto' }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached and scrolled with the keyboard
      tabIndex={0}
      aria-label={`${label} (scrolls)`}
    >
      <Table aria-label={label} aria-rowcount={rows.length + 1} stickyHeader withTableBorder miw={760}>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <Table.Th w={70}>Row</Table.Th>
            <Table.Th>Payer</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Transfer or error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {above > 0 && <tr style={{ height: above }} />}
          {items.map((item) => {
            const { planned, outcome } = rows[item.index] as ResultRow;
            const { payment } = planned;
            return (
              <Table.Tr
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
              >
                <Table.Td>{payment.row}</Table.Td>
                <Table.Td>
                  {payment.payerName || payment.payerEmail || payment.payerId}
                  {payment.payerEmail && payment.payerName && (
                    <Text size="xs" c="dimmed">
                      {payment.payerEmail}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <Money cents={payment.cents} />
                </Table.Td>
                <Table.Td>{shownAccount(planned)}</Table.Td>
                <Table.Td>
                  {planned.paysAgain && outcome.kind === 'waiting'
                    ? 'To pay again'
                    : OUTCOME_WORDS[outcome.kind]}
                </Table.Td>
                <Table.Td>
                  {'transferId' in outcome ? (
                    <Anchor
                      component={Link}
                      to={`/transfers/${outcome.transferId}`}
                      target="_blank"
                      ff="monospace"
                      size="sm"
                    >
                      {outcome.transferId}
                    </Anchor>
                  ) : 'message' in outcome ? (
                    <Text size="sm">{outcome.message}</Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
          {below > 0 && <tr style={{ height: below }} />}
        </Table.Tbody>
      </Table>
    </section>
  );
}
