/** Keys derived from what they name (HMAC-SHA-256 by the Web Crypto API): the same input, the same key. */

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
