import { deriveRowKeys, hmacHex, hmacKey, sortedEntries, uuidFromHex } from '../../lib/file-engine/row-keys';
import type { ResolvedMove } from './moves-file-resolve';

/** The move as its key reads it: user, direction, amount and metadata (in key order), nothing else. */
function normalized(move: ResolvedMove): string {
  return JSON.stringify([
    'wallet-move',
    move.userId,
    move.direction,
    move.cents,
    sortedEntries(move.metadata),
  ]);
}

/**
 * Each row's key, derived from the row by the file engine (lib/file-engine/row-keys.ts), so that the same file chosen
 * again gives the same keys, and the service, which refuses a transfer key it has seen, moves nothing twice: as a
 * UUID, the vendor's rule for a transfer's key.
 */
export function deriveMoveKeys(secret: string, moves: readonly ResolvedMove[]): Promise<string[]> {
  return deriveRowKeys(
    secret,
    moves.map((move) => ({ normalized: normalized(move) })),
    uuidFromHex,
  );
}

/** A batch's own key, from its items' keys: the same rows sent again are the same batch, refused as such. */
export async function moveBatchKeyOf(secret: string, itemKeys: readonly string[]): Promise<string> {
  return uuidFromHex(await hmacHex(await hmacKey(secret), `transfer-batch\n${itemKeys.join('\n')}`));
}
