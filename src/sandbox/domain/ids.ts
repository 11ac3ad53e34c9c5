import { randomUUID } from 'node:crypto';

/**
 * Up to 30 random hex digits, from a UUID v4 without its fixed version and variant digits: Node makes UUIDs from a
 * buffer of randomness it keeps, several times cheaper than a call of randomBytes each.
 */
export function randomHex(count: number): string {
  if (count > 30) throw new RangeError('At most 30 random hex digits');
  const hex = randomUUID().replaceAll('-', '');
  return (hex.slice(0, 12) + hex.slice(13, 16) + hex.slice(17)).slice(0, count);
}

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Still a UUID to every client, but
 * new ids sort after old ones, so each insert lands on the last page of an index instead of a random one.
 */
export function uuidV7(nowMs: number = Date.now()): string {
  const hex = nowMs.toString(16).padStart(12, '0').slice(-12) + randomHex(20);
  // version 7 in the 13th digit, variant 10xx in the 17th
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
