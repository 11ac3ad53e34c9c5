/**
 * Keys derived from the rows they name (HMAC-SHA-256 by the Web Crypto API), so that the same file chosen again (after
 * a crash, a reload, a fix) gives the same keys and the service pays nothing twice.
 */

export async function hmacHex(key: CryptoKey, text: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The organization's batch secret as an HMAC key. */
export function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}

/** 32 hex digits as a UUID (version 8: made by the application), the form the vendor wants a payout's key in. */
export function uuidFromHex(hex: string): string {
  const h = hex.slice(0, 32).split('');
  h[12] = '8';
  h[16] = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

/** A row as its key reads it: what it asks for, normalized, and what sets it apart on purpose (a payment paid again). */
export interface KeyedRow {
  normalized: string;
  suffix?: string | undefined;
}

/**
 * Each row's key: an HMAC, keyed with the organization's batch secret (so that a key reveals nothing of an account
 * number), of the row's normalized request and its occurrence among identical rows of the file (the first, the
 * second...), so that fixing or moving other rows changes no key; in the form `format` gives it (each service's
 * rule for its keys).
 */
export async function deriveRowKeys(
  secret: string,
  rows: readonly KeyedRow[],
  format: (hex: string) => string,
): Promise<string[]> {
  const key = await hmacKey(secret);
  const seen = new Map<string, number>();
  return Promise.all(
    rows.map(({ normalized, suffix }) => {
      const occurrence = (seen.get(normalized) ?? 0) + 1;
      seen.set(normalized, occurrence);
      return hmacHex(key, `${normalized}\n${occurrence}${suffix ?? ''}`).then(format);
    }),
  );
}

/** Metadata in key order: the same metadata, whatever order the file's columns are in, is the same key. */
export function sortedEntries(metadata: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
