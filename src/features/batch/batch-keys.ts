import { hmacHex, hmacKey } from '../../lib/derived-keys';
import type { RowPayment } from './batch-rows';

/** A row whose payer the service knows: the id the payment goes out with, and who it is for the people who read. */
export interface ResolvedPayment extends RowPayment {
  payerKind: 'user' | 'customer';
  payerId: string;
  payerName: string;
  payerEmail: string | null;
  /** The payer is disabled at the service: the review asks for a tick before charging them. */
  payerDisabled?: boolean | undefined;
}

/** The payment as its key reads it: payer, amount in cents, source and metadata (in key order), nothing else. */
export function normalizedPayment(payment: ResolvedPayment): string {
  const source =
    payment.source.kind === 'stored'
      ? ['stored', payment.source.accountId]
      : ['bank', payment.source.accountNumber, payment.source.routingNumber, payment.source.accountType];
  const metadata = Object.entries(payment.metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([payment.payerKind, payment.payerId, payment.cents, source, metadata]);
}

/**
 * Each row's idempotency key, derived rather than random, so that the same file uploaded again (after a crash, a
 * reload, a fix) gives the same keys and pays nothing twice: an HMAC, keyed with the organization's batch secret (the API key without a team) so that a key
 * reveals nothing of an account number, of the normalized payment and of its occurrence among identical rows of the
 * file (the first, the second...). Fixing or moving other rows changes no key. `again` names a payment this one
 * deliberately repeats (Pay again as new payments), which makes a key of its own.
 */
export async function deriveKeys(
  apiKey: string,
  payments: readonly ResolvedPayment[],
  again: ReadonlyMap<number, string> = new Map(),
): Promise<string[]> {
  const key = await hmacKey(apiKey);
  const seen = new Map<string, number>();
  return Promise.all(
    payments.map((payment) => {
      const normalized = normalizedPayment(payment);
      const occurrence = (seen.get(normalized) ?? 0) + 1;
      seen.set(normalized, occurrence);
      const repeats = again.get(payment.row);
      const text = `${normalized}\n${occurrence}${repeats ? `\nagain ${repeats}` : ''}`;
      return hmacHex(key, text).then((hex) => `batch_${hex.slice(0, 40)}`);
    }),
  );
}
