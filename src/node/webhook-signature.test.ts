import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, webhookSignature } from './webhook-signature';

/** Node's HMAC against the Standard Webhooks package, the reference: what one signs the other verifies. */

const secret = `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`;
const other = `whsec_${Buffer.from('o'.repeat(32)).toString('base64')}`;
const id = 'msg_1';
const body = '{"type":"transfer.completed","data":{"id":"t","note":"é"}}';
const at = new Date();
const seconds = Math.floor(at.getTime() / 1000);

describe('webhook signatures', () => {
  it('signs as the package does, and the package verifies it', () => {
    const signed = webhookSignature(secret, id, seconds, body);
    expect(signed).toBe(new Webhook(secret).sign(id, at, body));
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': signed };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("accepts the package's signature under any of the secrets, among other entries", () => {
    const signed = new Webhook(secret).sign(id, at, body);
    expect(checkWebhookSignature([secret], id, String(seconds), signed, body)).toBe('valid');
    expect(checkWebhookSignature([other, secret], id, String(seconds), `v2,xyz v1,abc ${signed}`, body)).toBe(
      'valid',
    );
  });

  it('refuses a wrong secret, a changed body or id, and a timestamp more than five minutes either side', () => {
    const signed = webhookSignature(secret, id, seconds, body);
    expect(checkWebhookSignature([other], id, String(seconds), signed, body)).toBe('bad-signature');
    expect(checkWebhookSignature([secret], id, String(seconds), signed, `${body} `)).toBe('bad-signature');
    expect(checkWebhookSignature([secret], 'msg_2', String(seconds), signed, body)).toBe('bad-signature');
    expect(checkWebhookSignature([secret], id, String(seconds + 1), signed, body)).toBe('bad-signature');
    expect(checkWebhookSignature([secret], id, 'soon', signed, body)).toBe('bad-signature');
    expect(checkWebhookSignature([secret], id, String(seconds), signed.replace('v1,', 'v2,'), body)).toBe(
      'bad-signature',
    );
    const old = seconds - 301;
    const oldSigned = webhookSignature(secret, id, old, body);
    expect(checkWebhookSignature([secret], id, String(old), oldSigned, body)).toBe('stale-timestamp');
    const ahead = seconds + 301;
    const aheadSigned = webhookSignature(secret, id, ahead, body);
    expect(checkWebhookSignature([secret], id, String(ahead), aheadSigned, body)).toBe('stale-timestamp');
    expect(checkWebhookSignature(['whsec_'], id, String(seconds), signed, body)).toBe('bad-signature');
  });
});
