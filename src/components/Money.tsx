import { Text } from '@mantine/core';
import { formatCents } from '../lib/money';

/** An amount of integer cents, shown in dollars. */
export function Money({ cents }: { cents: number }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatCents(cents)}</span>;
}

/** The amount a review asks to confirm: dollars in bold, then the exact cents that will be sent. */
export function AmountToConfirm({ cents, size }: { cents: number; size?: 'lg' }) {
  return (
    <>
      <Text fw={700} size={size} span>
        {formatCents(cents)}
      </Text>{' '}
      <Text span c="dimmed">
        ({cents.toLocaleString('en-US')} cents)
      </Text>
    </>
  );
}
