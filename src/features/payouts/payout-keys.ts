import { hmacHex, hmacKey } from '../../lib/derived-keys';

/** A payout the service knows the payee of: the id it goes out with and who it is, for the people who read. */
export interface ResolvedPayout {
  row: number;
  userId: string;
  payeeName: string;
  payeeEmail: string | null;
  cents: number;
  platform: 'ach' | 'paypal' | 'venmo' | 'cash_app' | 'default';
  /** The bank account it goes to (a payee's only one, when the row named none). */
  accountId?: string | undefined;
  /** "PayPal j•••@example.com": the method it goes to, masked. */
  methodText: string;
  metadata: Record<string, string>;
}

/** 32 hex digits as a UUID (version 8: made by the application), the form the vendor wants a payout's key in. */
export function uuidFromHex(hex: string): string {
  const h = hex.slice(0, 32).split('');
  h[12] = '8';
  h[16] = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

/** The payout as its key reads it: payee, amount, where it goes and metadata (in key order), nothing else. */
function normalized(payout: ResolvedPayout): string {
  const metadata = Object.entries(payout.metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    'payout',
    payout.userId,
    payout.cents,
    payout.platform,
    payout.accountId ?? '',
    metadata,
  ]);
}

/**
 * Each row's key, derived rather than random, so that the same file chosen again (after a closed tab, a reload, a
 * fix) gives the same keys, and the service, which never pays a payout key twice, pays nothing twice: an HMAC keyed
 * with the organization's batch secret, of the payout and its occurrence among identical rows, as a UUID.
 */
export async function derivePayoutKeys(
  secret: string,
  payouts: readonly ResolvedPayout[],
): Promise<string[]> {
  const key = await hmacKey(secret);
  const seen = new Map<string, number>();
  return Promise.all(
    payouts.map((payout) => {
      const text = normalized(payout);
      const occurrence = (seen.get(text) ?? 0) + 1;
      seen.set(text, occurrence);
      return hmacHex(key, `${text}\n${occurrence}`).then(uuidFromHex);
    }),
  );
}

/** A batch's own key, from its items' keys: the same rows sent again are the same batch, refused as such. */
export async function batchKeyOf(secret: string, itemKeys: readonly string[]): Promise<string> {
  return uuidFromHex(await hmacHex(await hmacKey(secret), `batch\n${itemKeys.join('\n')}`));
}
