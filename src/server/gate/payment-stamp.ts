import type { FieldError } from '../../node/error-body';

/**
 * A member's payment as the server sends it: `metadata.initiated_by` is the member of the session and
 * `metadata.console_request_id` is the payment's own idempotency key (the request id the console looks a payment up
 * by), whatever the client wrote there, so that no member can put another's name, or another payment's id, on money.
 */
export function stampPayment(
  body: Record<string, unknown>,
  email: string,
): { body: Record<string, unknown> } | { problem: FieldError } {
  const given = body.metadata;
  if (given !== undefined && given !== null && (typeof given !== 'object' || Array.isArray(given))) {
    return { problem: { path: 'metadata', message: 'Metadata is an object of keys and values' } };
  }
  const metadata: Record<string, unknown> = { ...((given as Record<string, unknown> | null) ?? {}) };
  metadata.initiated_by = email;
  if (typeof body.idempotency_key === 'string') metadata.console_request_id = body.idempotency_key;
  else delete metadata.console_request_id;
  return { body: { ...body, metadata } };
}
