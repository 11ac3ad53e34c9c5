import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { ProviderTokens } from './relying-party';

/**
 * The provider's tokens a session keeps (to ask the provider again whether the person may still sign in) are
 * credentials: stored encrypted with AES-256-GCM under a key derived from the audit key, which the database never
 * holds, so that a copy of the database opens nothing at the provider.
 */
export class TokenVault {
  private readonly key: Buffer;

  constructor(auditSecret: Buffer) {
    this.key = Buffer.from(
      hkdfSync('sha256', auditSecret, Buffer.alloc(0), 'payout-console sso tokens v1', 32),
    );
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
  }

  /** The value, or null when the text was not sealed under this key (changed in the database, or another key's). */
  open<T>(text: string): T | null {
    const [iv, tag, body] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as T;
    } catch {
      return null;
    }
  }
}

/**
 * A session's tokens, sealed with the session (its secret's hash) and the person they are of: tokens copied in the
 * database onto another session, or another person's, do not open there.
 */
export function sealTokens(
  vault: TokenVault,
  secretHash: string,
  subject: string,
  tokens: ProviderTokens,
): string {
  return vault.seal({ session: secretHash, subject, tokens });
}

export function openTokens(
  vault: TokenVault,
  secretHash: string,
  subject: string,
  text: string,
): ProviderTokens | null {
  const opened = vault.open<{ session?: unknown; subject?: unknown; tokens?: ProviderTokens }>(text);
  if (!opened || opened.session !== secretHash || opened.subject !== subject || !opened.tokens) return null;
  return opened.tokens;
}
