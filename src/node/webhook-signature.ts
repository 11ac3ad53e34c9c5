import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signatures (`webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`), made by the
 * sandbox and checked by the console with Node's own HMAC: the `standardwebhooks` package computes it in JavaScript
 * (fast-sha256), which was a fifth of the console's work for each event received, and as much again for each sent.
 * The package stays the reference: the tests sign and verify with it against these.
 */

const PREFIX = 'whsec_';

/** The key of a `whsec_` secret (base64 after the prefix); null when it holds none. */
function keyOf(secret: string): Buffer | null {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return key.length > 0 ? key : null;
}

/** The base64 HMAC-SHA256 of id.timestamp.body: what a `v1` entry carries, made and checked the same way. */
function digestOf(key: Buffer, id: string, timestampSeconds: number, body: string): string {
  return createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
}

/** `v1,<base64>`: the signature of one delivery under one secret, at `timestampSeconds` (Unix seconds). */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = keyOf(secret);
  if (!key) throw new Error("A signing secret can't be empty");
  return `v1,${digestOf(key, id, timestampSeconds, body)}`;
}

/** A delivery's timestamp is taken within five minutes of now, either side (the specification's tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type SignatureCheck = 'valid' | 'stale-timestamp' | 'bad-signature';

/**
 * Whether `signatureHeader` (space-separated `v1,<base64>` entries) holds the signature of id.timestamp.body under
 * one of `secrets`, and the timestamp is within the tolerance of `nowMs`. Compared in constant time.
 */
export function checkWebhookSignature(
  secrets: readonly string[],
  id: string,
  timestampHeader: string,
  signatureHeader: string,
  body: string,
  nowMs = Date.now(),
): SignatureCheck {
  const timestamp = Number.parseInt(timestampHeader, 10);
  if (Number.isNaN(timestamp)) return 'bad-signature';
  const now = Math.floor(nowMs / 1000);
  if (now - timestamp > WEBHOOK_TOLERANCE_SECONDS || timestamp > now + WEBHOOK_TOLERANCE_SECONDS)
    return 'stale-timestamp';
  const passed = signatureHeader
    .split(' ')
    .map((entry) => entry.split(','))
    .filter(([version, signature]) => version === 'v1' && signature)
    .map(([, signature]) => Buffer.from(signature as string));
  for (const secret of secrets) {
    const key = keyOf(secret);
    if (!key) continue;
    const expected = Buffer.from(digestOf(key, id, timestamp, body));
    if (
      passed.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected))
    )
      return 'valid';
  }
  return 'bad-signature';
}
