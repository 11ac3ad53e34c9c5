import { formatCents } from '../lib/money';

/** An amount of integer cents, shown in dollars. */
export function Money({ cents }: { cents: number }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatCents(cents)}</span>;
}
