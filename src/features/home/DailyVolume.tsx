import '@mantine/charts/styles.css';
// The legend's swatches are core's ColorSwatch: without its sheet the legend names the series with no colours.
import '@mantine/core/styles/ColorSwatch.css';
import { BarChart } from '@mantine/charts';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { centsToDecimal, formatCents } from '../../lib/money';
import { OUTCOME_LABEL, OUTCOMES, type Overview } from './transfer-totals';

const OUTCOME_COLOR = {
  completed: 'teal.8',
  inFlight: 'blue.8',
  failed: 'red.8',
  returned: 'orange.8',
} as const;

const AXIS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * An axis tick in compact dollars ($1.2K), from the cents' exact decimal, never a division of cents. The chart picks
 * its ticks' values itself: one between two cents is rounded to a cent first.
 */
function axisDollars(cents: number): string {
  return AXIS.format(Number(centsToDecimal(Math.round(cents))));
}

/** Each of the last 30 days' volume by outcome: a chart for the eye, the same figures as a table for a reader. */
export function DailyVolume({ daily }: { daily: Overview['daily'] }) {
  return (
    <figure style={{ margin: 0 }}>
      <Text component="figcaption" fw={600} mb="sm">
        Daily volume, last 30 days
      </Text>
      <BarChart
        h={260}
        data={daily.map((day) => ({ ...day, label: day.day.slice(5) }))}
        dataKey="label"
        type="stacked"
        series={OUTCOMES.map((outcome) => ({
          name: outcome,
          label: OUTCOME_LABEL[outcome],
          color: OUTCOME_COLOR[outcome],
        }))}
        // The values are cents: the axis and the tooltip say dollars, converted exactly.
        valueFormatter={(cents) => formatCents(Math.round(cents))}
        // The axis only places the bars: a short figure ("$1.2K") stays inside the card on a phone; the tooltip and
        // the table give the exact amounts.
        yAxisProps={{ tickFormatter: axisDollars, width: 56 }}
        withLegend
        // For the eye: the table below gives the same figures to a screen reader.
        aria-hidden
        accessibilityLayer={false}
      />
      <VisuallyHidden>
        <Table aria-label="Daily volume">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              {OUTCOMES.map((outcome) => (
                <Table.Th key={outcome}>{OUTCOME_LABEL[outcome]}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {daily.map((day) => (
              <Table.Tr key={day.day}>
                <Table.Td>{day.day}</Table.Td>
                {OUTCOMES.map((outcome) => (
                  <Table.Td key={outcome}>{formatCents(day[outcome])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
