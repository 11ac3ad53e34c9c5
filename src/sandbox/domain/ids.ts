import { randomBytes } from 'node:crypto';

export function randomBytesHex(count: number): string {
  return randomBytes(count).toString('hex');
}

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Still a UUID to every client, but
 * new ids sort after old ones, so each insert lands on the last page of an index instead of a random one.
 */
export function uuidV7(nowMs: number = Date.now()): string {
  const hex = nowMs.toString(16).padStart(12, '0').slice(-12) + randomBytesHex(10);
  // version 7 in the 13th digit, variant 10xx in the 17th
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
