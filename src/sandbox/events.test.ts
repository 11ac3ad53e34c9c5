import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedTenant } from './domain/tenant-factory';
import { makeHarness } from './test/harness';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A subscriber: records what arrives, answers with the status its script says (200 when it has none). */
async function receiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/events`,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const harness = makeHarness({ eventRetryBaseMs: 20 });
let hook: Awaited<ReturnType<typeof receiver>>;
afterAll(async () => {
  harness.sandbox.close();
  await hook.close();
});
beforeAll(async () => {
  hook = await receiver();
});

const settle = () => harness.sandbox.services.events.idle();
const typesOf = (received: Received[]) => received.map((r) => (JSON.parse(r.body) as { type: string }).type);

async function subscribe(tenant: CreatedTenant, types: string[] = ['*']) {
  const made = await harness.call('POST', '/v2/event-subscriptions', {
    tenant,
    body: { url: hook.url, event_types: types },
  });
  expect(made.status).toBe(201);
  return made.body as { id: string; secret: string };
}

/** A payment on its way (pending), its events sent. */
async function pay(tenant: CreatedTenant) {
  const paid = await harness.pay(tenant);
  await advance(paid.id, 'pending');
  await settle();
  return paid as { id: string };
}

async function advance(transferId: string, to: string) {
  const moved = await harness.call('POST', `/sandbox/transfers/${transferId}/advance`, {
    body: { status: to },
  });
  expect(moved.status).toBe(200);
}

describe('event subscriptions (an extension)', () => {
  it('shows the secret once, lists and deletes only the organization’s own', async () => {
    const mine = await harness.tenant();
    const theirs = await harness.tenant();
    const made = await subscribe(mine, ['transfer.completed']);
    expect(made.secret).toMatch(/^whsec_/);

    const listed = await harness.call('GET', '/v2/event-subscriptions', { tenant: mine });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: made.id, event_types: ['transfer.completed'] }),
    ]);
    expect(listed.text).not.toContain(made.secret);
    expect((await harness.call('GET', '/v2/event-subscriptions', { tenant: theirs })).body.data).toEqual([]);

    const stranger = await harness.call('DELETE', `/v2/event-subscriptions/${made.id}`, { tenant: theirs });
    expect(stranger.status).toBe(403);
    const rotatedByStranger = await harness.call('POST', `/v2/event-subscriptions/${made.id}/rotate-secret`, {
      tenant: theirs,
    });
    expect(rotatedByStranger.status).toBe(403);
    expect(
      (await harness.call('DELETE', `/v2/event-subscriptions/${made.id}`, { tenant: mine })).status,
    ).toBe(204);
    expect((await harness.call('GET', '/v2/event-subscriptions', { tenant: mine })).body.data).toEqual([]);
  });

  it('refuses an unknown event type and a URL that is not http(s)', async () => {
    const tenant = await harness.tenant();
    const wrong = await harness.call('POST', '/v2/event-subscriptions', {
      tenant,
      body: { url: 'ftp://example.com/x', event_types: ['transfer.teleported'] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['event_types.0', 'url']);
  });
});

describe('events sent', () => {
  it('signs each event with Standard Webhooks and carries the object as GET answers it', async () => {
    const tenant = await harness.tenant();
    const { secret } = await subscribe(tenant);
    hook.received.length = 0;
    const paid = await pay(tenant);
    await advance(paid.id, 'completed');
    await settle();

    const ours = hook.received.filter((r) => r.body.includes(paid.id));
    expect(typesOf(ours)).toEqual(['transfer.created', 'transfer.pending', 'transfer.completed']);
    const last = ours.at(-1) as Received;
    const event = new Webhook(secret).verify(last.body, last.headers as Record<string, string>) as {
      data: { id: string; status: string };
      timestamp: string;
    };
    const read = await harness.call('GET', `/v2/transfers/${paid.id}`, { tenant });
    expect(event.data).toEqual(read.body);
    expect(Date.parse(event.timestamp)).not.toBeNaN();
    expect(last.headers['webhook-id']).toMatch(/^evt_/);
  });

  it('sends only the types asked for, and nothing of another organization', async () => {
    const tenant = await harness.tenant();
    const other = await harness.tenant();
    await subscribe(tenant, ['transfer.completed']);
    hook.received.length = 0;
    const mine = await pay(tenant);
    const theirs = await pay(other);
    hook.received.length = 0;
    await advance(mine.id, 'completed');
    await advance(theirs.id, 'completed');
    await settle();
    expect(typesOf(hook.received)).toEqual(['transfer.completed']);
    expect(hook.received[0]?.body).toContain(mine.id);
  });

  it('retries a failure with the same id and body, and keeps an object’s events in order', async () => {
    const tenant = await harness.tenant();
    await subscribe(tenant);
    const paid = await pay(tenant);
    hook.received.length = 0;
    hook.statuses.push(500, 503);
    await advance(paid.id, 'completed');
    await advance(paid.id, 'reversed');
    await settle();
    const ids = hook.received.map((r) => r.headers['webhook-id']);
    expect(typesOf(hook.received)).toEqual([
      'transfer.completed',
      'transfer.completed',
      'transfer.completed',
      'transfer.reversed',
    ]);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(new Set(hook.received.slice(0, 3).map((r) => r.body)).size).toBe(1);
  });

  it('rotates the secret with an overlap: both sign during it, the new one alone after', async () => {
    const tenant = await harness.tenant();
    const { id, secret: old } = await subscribe(tenant);
    const paid = await pay(tenant);
    const rotated = await harness.call('POST', `/v2/event-subscriptions/${id}/rotate-secret`, {
      tenant,
      body: { overlap_seconds: 3600 },
    });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    hook.received.length = 0;
    await advance(paid.id, 'completed');
    await settle();
    const during = hook.received[0] as Received;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [old, fresh]) {
      expect(() =>
        new Webhook(secret).verify(during.body, during.headers as Record<string, string>),
      ).not.toThrow();
    }

    await harness.call('POST', `/v2/event-subscriptions/${id}/rotate-secret`, {
      tenant,
      body: { overlap_seconds: 0 },
    });
    const newest = (
      await harness.call('POST', `/v2/event-subscriptions/${id}/rotate-secret`, {
        tenant,
        body: { overlap_seconds: 0 },
      })
    ).body.secret as string;
    hook.received.length = 0;
    await advance(paid.id, 'reversed');
    await settle();
    const after = hook.received[0] as Received;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() =>
      new Webhook(newest).verify(after.body, after.headers as Record<string, string>),
    ).not.toThrow();
    expect(() => new Webhook(fresh).verify(after.body, after.headers as Record<string, string>)).toThrow();
  });

  it('lets faults drop, duplicate and reorder deliveries', async () => {
    const tenant = await harness.tenant();
    await subscribe(tenant);
    const fault = (delivery: string) =>
      harness.call('POST', '/sandbox/faults', { body: { client_id: tenant.client_id, delivery } });
    const paid = await pay(tenant);

    hook.received.length = 0;
    await fault('drop');
    await advance(paid.id, 'completed');
    await settle();
    expect(hook.received).toEqual([]);

    const second = await pay(tenant);
    hook.received.length = 0;
    await fault('duplicate');
    await advance(second.id, 'completed');
    await settle();
    expect(typesOf(hook.received)).toEqual(['transfer.completed', 'transfer.completed']);

    const third = await pay(tenant);
    hook.received.length = 0;
    // Both changes are in the outbox before the sender looks: it sends the later one first.
    harness.sandbox.services.events.stop();
    await fault('reorder');
    await advance(third.id, 'completed');
    await advance(third.id, 'reversed');
    harness.sandbox.services.events.start();
    await settle();
    expect(typesOf(hook.received)).toEqual(['transfer.reversed', 'transfer.completed']);
  });

  it('sends a payout request decided, a payout link expired and a user whose verification changed', async () => {
    const tenant = await harness.tenant();
    await subscribe(tenant, ['payout_request.rejected', 'payout_link.expired', 'user.verification_changed']);
    hook.received.length = 0;
    const request = await harness.call('POST', '/v2/payout-requests', {
      tenant,
      body: { amount: 4_200, user_id: tenant.users[0]?.id },
    });
    await harness.call('POST', `/sandbox/payout-requests/${request.body.id}/decide`, {
      body: { status: 'rejected' },
    });
    const link = await harness.call('POST', '/v2/payout-links', {
      tenant,
      body: { amount: 1_000, delivery: { method: 'link' }, payee: { first_name: 'Lee', last_name: 'Link' } },
    });
    expect(link.status).toBe(201);
    await harness.call('POST', `/sandbox/payout-links/${link.body.id}/expire`, { body: {} });
    const user = tenant.users[1]?.id;
    await harness.call('POST', `/sandbox/users/${user}/status`, { body: { status: 'disabled' } });
    await settle();

    const events = hook.received.map(
      (r) => JSON.parse(r.body) as { type: string; data: { id: string; status: string } },
    );
    expect(events.map((e) => [e.type, e.data.id])).toEqual([
      ['payout_request.rejected', request.body.id],
      ['payout_link.expired', link.body.id],
      ['user.verification_changed', user],
    ]);
    expect(events[0]?.data.status).toBe('rejected');
    expect(events[1]?.data.status).toBe('expired');
  });

  it('holds a delivery a delay fault names, and writes no outbox row for an organization without a subscriber', async () => {
    const tenant = await harness.tenant();
    await subscribe(tenant);
    const paid = await pay(tenant);
    hook.received.length = 0;
    await harness.call('POST', '/sandbox/faults', {
      body: { client_id: tenant.client_id, delivery: 'delay', delay_ms: 400 },
    });
    const started = Date.now();
    await advance(paid.id, 'completed');
    await settle();
    expect(typesOf(hook.received)).toEqual(['transfer.completed']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);

    const quiet = await harness.tenant();
    const db = harness.sandbox.services.db;
    const rows = () => db.prepare('SELECT count(*) FROM event_outbox').pluck().get() as number;
    const before = rows();
    const theirs = await harness.pay(quiet);
    await advance(theirs.id, 'pending');
    expect(rows()).toBe(before);
  });
});

describe('the outbox kept a window long', () => {
  it('forgets events sent more than EVENT_KEEP_MS ago, and keeps a delivery still retrying', async () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    let clock = Date.now();
    const kept = makeHarness({ eventRetryBaseMs: 60 * 60 * 1000, eventKeepMs: 2 * DAY_MS }, () => clock);
    const refusing = await receiver();
    try {
      const tenant = await kept.tenant();
      const subscribed = await kept.call('POST', '/v2/event-subscriptions', {
        tenant,
        body: { url: hook.url, event_types: ['*'] },
      });
      expect(subscribed.status).toBe(201);
      const paid = await kept.pay(tenant);
      await kept.call('POST', `/sandbox/transfers/${paid.id}/advance`, { body: { status: 'pending' } });
      await kept.sandbox.services.events.idle();
      // A second subscriber that refuses: its delivery waits an hour to be retried, still pending.
      await kept.call('POST', '/v2/event-subscriptions', {
        tenant,
        body: { url: refusing.url, event_types: ['transfer.completed'] },
      });
      refusing.statuses.push(...Array(10).fill(500));
      await kept.call('POST', `/sandbox/transfers/${paid.id}/advance`, { body: { status: 'completed' } });
      await kept.sandbox.services.events.idle(300);
      const db = kept.sandbox.services.db;
      const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
      const pending = () =>
        db.prepare("SELECT count(*) FROM event_deliveries WHERE state = 'pending'").pluck().get() as number;
      expect(count('event_outbox')).toBe(3);
      expect(pending()).toBe(1);

      clock += 3 * DAY_MS;
      // The sender's next look at the outbox (every 100 ms when idle) prunes.
      await new Promise((resolve) => setTimeout(resolve, 400));
      // What remains: the event whose delivery still waits to be retried, and that delivery (its sibling, delivered,
      // gone with everything else of three days ago).
      expect(count('event_outbox')).toBe(1);
      expect(count('event_deliveries')).toBe(1);
      expect(pending()).toBe(1);
    } finally {
      kept.sandbox.close();
      await refusing.close();
    }
  });
});
