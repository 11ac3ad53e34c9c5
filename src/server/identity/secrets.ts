import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A secret the browser or a link holds: 32 random bytes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Session secrets and link tokens are random, so one SHA-256 is enough to store them (no guessable input). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newMemberId(): string {
  return `mem_${randomUUID().replaceAll('-', '')}`;
}

/** argon2id with the library's defaults (19 MiB, 2 passes): the OWASP minimum, about 50 ms here. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Verified against when the email is unknown, so that both answers take the same time. */
let decoy: Promise<string> | undefined;

export async function passwordMatches(stored: string | null, given: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hash(newSecret());
    await verify(await decoy, given).catch(() => false);
    return false;
  }
  return verify(stored, given).catch(() => false);
}
