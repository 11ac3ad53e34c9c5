import { deriveRowKeys, sortedEntries } from '../../lib/file-engine/row-keys';
import type { ResolvedPayment } from './payments-file-resolve';

/** The payment as its key reads it: payer, amount in cents, source and metadata (in key order), nothing else. */
export function normalizedPayment(payment: ResolvedPayment): string {
  const source =
    payment.source.kind === 'stored'
      ? ['stored', payment.source.accountId]
      : ['bank', payment.source.accountNumber, payment.source.routingNumber, payment.source.accountType];
  return JSON.stringify([
    payment.payerKind,
    payment.payerId,
    payment.cents,
    source,
    sortedEntries(payment.metadata),
  ]);
}

/**
 * Each row's idempotency key, derived from the row by the file engine (lib/file-engine/row-keys.ts), so that the same
 * file uploaded again pays nothing twice. `again` names a payment this one deliberately repeats (Pay again as new
 * payments), which makes a key of its own. The `batch_` prefix is what every payments file's keys have carried: a
 * new one would make every row of a file paid before look new.
 */
export function derivePaymentKeys(
  apiKey: string,
  payments: readonly ResolvedPayment[],
  again: ReadonlyMap<number, string> = new Map(),
): Promise<string[]> {
  return deriveRowKeys(
    apiKey,
    payments.map((payment) => {
      const repeats = again.get(payment.row);
      return { normalized: normalizedPayment(payment), suffix: repeats ? `\nagain ${repeats}` : undefined };
    }),
    (hex) => `batch_${hex.slice(0, 40)}`,
  );
}
