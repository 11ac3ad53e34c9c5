import { randomFillSync } from 'node:crypto';

/** Random bytes drawn 4 KiB at a time, as hex: one call into the system per 409 ids rather than one each. */
const pool = Buffer.alloc(4096);
let used = pool.length;
export function randomBytesHex(count: number): string {
  if (used + count > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += count;
  return pool.toString('hex', used - count, used);
}

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Still a UUID to every client, but
 * new ids sort after old ones, so each insert lands on the last page of an index instead of a random one: a group of
 * payments then dirties a few pages per index rather than one each (measured in bench/REPORT.md).
 */
export function uuidV7(nowMs: number = Date.now()): string {
  const hex = nowMs.toString(16).padStart(12, '0').slice(-12) + randomBytesHex(10);
  // version 7 in the 13th digit, variant 10xx in the 17th
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
