import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { formatCents } from '../../lib/money';

/** A wallet's balance at each day's end, last 30 days: a chart for the eye, the same figures as a table for a reader. */
export function BalanceChart({ name, days }: { name: string; days: { day: string; cents: number }[] }) {
  return (
    <figure style={{ margin: 0 }}>
      <Text component="figcaption" fw={600} mb="sm">
        {`${name}: balance, last 30 days`}
      </Text>
      <LineChart
        h={220}
        data={days.map((day) => ({ ...day, label: day.day.slice(5) }))}
        dataKey="label"
        series={[{ name: 'cents', label: 'Balance', color: 'blue.8' }]}
        valueFormatter={(cents) => formatCents(Math.round(cents))}
        aria-hidden
        accessibilityLayer={false}
      />
      <VisuallyHidden>
        <Table aria-label={`${name}: balance by day`}>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.day}>
                <Table.Td>{day.day}</Table.Td>
                <Table.Td>{formatCents(day.cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
