import { type ServiceEvent, serviceEventSchema } from '../../lib/service-events';
import { checkWebhookSignature } from '../../node/webhook-signature';

/** Why an event was refused before anything of it was looked at: each is one line in the trail. */
export type Refused = 'no-signature' | 'bad-signature' | 'stale-timestamp' | 'no-secret' | 'bad-body';

export type Verified =
  | { ok: true; webhookId: string; event: ServiceEvent }
  | { ok: false; refused: Refused; webhookId: string | null };

const header = (headers: Headers, name: string) => headers.get(name) ?? undefined;

/**
 * Verifies a delivery by Standard Webhooks under any of the organization's secrets (two during a rotation): the
 * signature over id.timestamp.body, and the timestamp within five minutes of now (node/webhook-signature.ts).
 */
export function verifyDelivery(secrets: readonly string[], headers: Headers, body: string): Verified {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  const webhookId = id && id.length <= 200 ? id : null;
  if (!id || !timestamp || !signature || !webhookId) return { ok: false, refused: 'no-signature', webhookId };
  if (secrets.length === 0) return { ok: false, refused: 'no-secret', webhookId };
  const checked = checkWebhookSignature(secrets, id, timestamp, signature, body);
  if (checked !== 'valid') return { ok: false, refused: checked, webhookId };
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return { ok: false, refused: 'bad-body', webhookId };
  }
  const parsed = serviceEventSchema.safeParse(payload);
  return parsed.success
    ? { ok: true, webhookId, event: parsed.data }
    : { ok: false, refused: 'bad-body', webhookId };
}
