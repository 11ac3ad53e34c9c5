/**
 * How deep a body nests, read from its bytes before anything parses it: a JSON array or object nested thousands deep
 * is a few kilobytes, parses, and then overflows the stack of whatever walks it (JSON.stringify, a validator), which
 * answered 500. No request of the service nests beyond a handful of levels.
 */
export const MAX_BODY_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether the bytes open more than `max` arrays or objects inside one another, outside strings. The bytes that matter
 * are ASCII, and no byte of a UTF-8 sequence of several bytes is ASCII, so the bytes are read without decoding.
 */
export function nestsDeeperThan(bytes: Uint8Array, max: number = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(byte) && depth > 0) {
      depth--;
    }
  }
  return false;
}
