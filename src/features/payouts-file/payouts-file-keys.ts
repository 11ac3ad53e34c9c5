import { deriveRowKeys, hmacHex, hmacKey, sortedEntries, uuidFromHex } from '../../lib/file-engine/row-keys';
import type { ResolvedPayout } from './payouts-file-resolve';

/** The payout as its key reads it: payee, amount, where it goes and metadata (in key order), nothing else. */
function normalized(payout: ResolvedPayout): string {
  return JSON.stringify([
    'payout',
    payout.userId,
    payout.cents,
    payout.platform,
    payout.accountId ?? '',
    sortedEntries(payout.metadata),
  ]);
}

/**
 * Each row's key, derived from the row by the file engine (lib/file-engine/row-keys.ts), so that the same file chosen
 * again gives the same keys, and the service, which never pays a payout key twice, pays nothing twice: as a UUID, the
 * vendor's rule for a payout's key.
 */
export function derivePayoutKeys(secret: string, payouts: readonly ResolvedPayout[]): Promise<string[]> {
  return deriveRowKeys(
    secret,
    payouts.map((payout) => ({ normalized: normalized(payout) })),
    uuidFromHex,
  );
}

/** A batch's own key, from its items' keys: the same rows sent again are the same batch, refused as such. */
export async function batchKeyOf(secret: string, itemKeys: readonly string[]): Promise<string> {
  return uuidFromHex(await hmacHex(await hmacKey(secret), `batch\n${itemKeys.join('\n')}`));
}
