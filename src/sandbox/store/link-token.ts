import { randomBytes } from 'node:crypto';

/** A payout link's token: 24 random bytes (192 bits), base64url, 32 characters. Nothing about the link derives it. */
export function newLinkToken(): string {
  return randomBytes(24).toString('base64url');
}
