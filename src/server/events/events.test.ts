import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../sandbox/test/harness';
import { serviceCaller } from '../app';
import {
  addEventSecret,
  eventSecretsOf,
  eventsOf,
  eventWatchOf,
  findServiceObject,
  removeEventSecret,
  storeEventOnce,
} from '../db/repositories/events/service-events';
import { findOrganizationByClientId } from '../db/repositories/team/organizations';
import type { OrganizationRow } from '../db/schema/team';
import type { CallService } from '../gate/service-calls';
import type { Change, ChangeSink } from '../live/changes';
import { config } from '../test/config';
import { basic, teamConsole } from '../test/console';
import { captureLog } from '../test/quiet-log';
import { applyRead } from './apply';
import { ensureSubscription, rotateSubscription } from './subscribe';
import { DEFAULT_SWEEP, startEventSweep, sweepOrganization } from './sweep';

/**
 * The console receives the service's events: a console server in sandbox mode behind a real port, subscribed to its
 * own sandbox, each change it applies told to a sink that records.
 */

class RecordingSink implements ChangeSink {
  readonly changes: Change[] = [];
  publish(change: Change) {
    this.changes.push(change);
    return Promise.resolve();
  }
  of(id: string) {
    return this.changes.filter((c) => c.id === id).map((c) => c.status);
  }
}

const sink = new RecordingSink();
let server: Awaited<ReturnType<typeof teamConsole>>;
let door: Awaited<ReturnType<typeof listen>>;
let call: CallService;

beforeAll(async () => {
  server = await teamConsole({ changes: sink });
  door = await listen(server.app);
  call = serviceCaller(config({}), server.sandbox) as CallService;
});
afterAll(async () => {
  await door.close();
  await server.close();
});

const sandbox = () => {
  if (!server.sandbox) throw new Error('sandbox mode');
  return server.sandbox;
};
const delivered = () => sandbox().services.events.idle();

/** A tenant of the console, subscribed: its credentials, its organization, the secret the console holds. */
async function subscribedTenant() {
  const tenant = await server.tenant();
  const org = (await findOrganizationByClientId(
    server.team.database.db,
    tenant.client_id,
  )) as OrganizationRow;
  expect(await ensureSubscription(server.team, call, org, door.url)).toBe('made');
  const [secret] = await eventSecretsOf(server.team.database.db, org.id);
  return { tenant, org, secret: secret as string };
}

type Tenant = Awaited<ReturnType<typeof subscribedTenant>>['tenant'];

async function asService(tenant: Tenant, method: string, path: string, body?: unknown) {
  const answer = await sandbox().app.request(path, {
    method,
    headers: { authorization: basic(tenant.client_id, tenant.api_key), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: (await answer.json().catch(() => null)) as Record<string, unknown> };
}

/** A payment of the tenant's first user, moved to `pending` (its events delivered). */
async function pendingPayment(tenant: Tenant): Promise<string> {
  const made = await asService(tenant, 'POST', '/v2/payments', {
    amount: 1234,
    platform: 'ach',
    user_id: tenant.users[0]?.id,
    ach_info: { account_number: '123456789', routing_number: '021000021' },
  });
  expect(made.status).toBe(201);
  const id = made.body.id as string;
  await advance(id, 'pending');
  return id;
}

async function advance(transferId: string, status: string) {
  const moved = await sandbox().app.request(`/sandbox/transfers/${transferId}/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  expect(moved.status).toBe(200);
}

async function fault(tenant: Tenant, delivery: string, times = 1) {
  const armed = await sandbox().app.request('/sandbox/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: tenant.client_id, delivery, times }),
  });
  expect(armed.status).toBe(201);
}

/** A delivery made by hand, as the service would sign it (or not). */
async function deliver(
  tenant: Tenant,
  options: { secret: string; id: string; body: string; at?: Date; signedBody?: string },
) {
  const at = options.at ?? new Date();
  const signature = new Webhook(options.secret).sign(options.id, at, options.signedBody ?? options.body);
  const answer = await server.app.request(`/events/${tenant.client_id}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': options.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body: options.body,
  });
  return { status: answer.status, body: (await answer.json().catch(() => null)) as { outcome?: string } };
}

async function eventBody(tenant: Tenant, transferId: string, type: string) {
  const read = await asService(tenant, 'GET', `/v2/transfers/${transferId}`);
  return JSON.stringify({ type, timestamp: new Date().toISOString(), data: read.body });
}

async function trail(orgId: string, action: string) {
  await server.team.settled();
  return server.team.database.db
    .selectFrom('audit_events')
    .select(['action', 'targets', 'detail', 'outcome'])
    .where('org_id', '=', orgId)
    .where('action', '=', action)
    .execute();
}

const unknownId = () => `msg_${crypto.randomUUID()}`;

describe('the console receives the service’s events', () => {
  it('verifies each delivery: a valid one is applied; a wrong secret, an old timestamp, a replayed id or a changed body is refused', async () => {
    const { tenant, org, secret } = await subscribedTenant();
    const id = await pendingPayment(tenant);
    await delivered();
    await advance(id, 'completed');
    // The sandbox's own delivery is lost, so what the console knows comes from the deliveries below.
    await fault(tenant, 'drop');
    await delivered();
    const body = await eventBody(tenant, id, 'transfer.completed');
    const before = sink.of(id).length;

    const wrong = await deliver(tenant, {
      secret: `whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`,
      id: unknownId(),
      body,
    });
    const old = await deliver(tenant, {
      secret,
      id: unknownId(),
      body,
      at: new Date(Date.now() - 6 * 60_000),
    });
    const changed = await deliver(tenant, {
      secret,
      id: unknownId(),
      body,
      signedBody: body.replace('"completed"', '"pending"'),
    });
    expect([wrong.status, old.status, changed.status]).toEqual([401, 401, 401]);
    expect(sink.of(id)).toHaveLength(before);
    expect((await findServiceObject(server.team.database.db, org.id, 'transfer', id))?.status).toBe(
      'pending',
    );

    const valid = unknownId();
    expect(await deliver(tenant, { secret, id: valid, body })).toEqual({
      status: 200,
      body: { status: 200, outcome: 'applied' },
    });
    expect(sink.of(id).at(-1)).toBe('completed');
    const replayed = await deliver(tenant, { secret, id: valid, body });
    expect(replayed.body.outcome).toBe('duplicate');
    expect(sink.of(id).filter((s) => s === 'completed')).toHaveLength(1);

    const refusals = await trail(org.id, 'event.refuse');
    expect(refusals.map((r) => r.detail)).toEqual(
      expect.arrayContaining(['bad-signature', 'stale-timestamp', expect.stringContaining('a replayed id')]),
    );
    expect(refusals.filter((r) => r.detail === 'bad-signature')).toHaveLength(2);
  });

  it('applies a duplicated delivery once', async () => {
    const { tenant, org } = await subscribedTenant();
    const id = await pendingPayment(tenant);
    await delivered();
    await fault(tenant, 'duplicate');
    await advance(id, 'completed');
    await delivered();
    expect(sink.of(id).filter((s) => s === 'completed')).toHaveLength(1);
    const events = (await eventsOf(server.team.database.db, org.id)).filter((e) => e.object_id === id);
    expect(events.map((e) => e.type)).toEqual(['transfer.created', 'transfer.pending', 'transfer.completed']);
    expect((await trail(org.id, 'event.refuse')).map((r) => r.detail)).toEqual([
      expect.stringContaining(`a replayed id: transfer.completed ${id}`),
    ]);
  });

  it('never lets an older status replace a newer one, whatever order deliveries come in', async () => {
    const { tenant, org } = await subscribedTenant();
    const id = await pendingPayment(tenant);
    await delivered();
    sandbox().services.events.stop();
    await fault(tenant, 'reorder');
    await advance(id, 'completed');
    await advance(id, 'reversed');
    sandbox().services.events.start();
    await delivered();
    const held = await findServiceObject(server.team.database.db, org.id, 'transfer', id);
    expect(held?.status).toBe('reversed');
    expect(sink.of(id).at(-1)).toBe('reversed');

    // A read made before the last change and applied after it (a slow server): the newer status stays.
    const stale = {
      id,
      status: 'completed',
      status_history: [
        { status: 'completed', at: new Date(Date.parse(held?.changed_at ?? '') - 1000).toISOString() },
      ],
    };
    const now = new Date();
    expect(
      await applyRead(server.team.database.db, sink, org.id, 'transfer', stale, now.toISOString(), now),
    ).toBe('older');
    expect((await findServiceObject(server.team.database.db, org.id, 'transfer', id))?.status).toBe(
      'reversed',
    );
  });

  it('changes nothing for an event naming another organization’s object, and writes it in the trail', async () => {
    const { tenant, org, secret } = await subscribedTenant();
    const other = await subscribedTenant();
    const theirs = await pendingPayment(other.tenant);
    await delivered();
    const published = sink.changes.length;
    const body = await eventBody(other.tenant, theirs, 'transfer.pending');
    const answer = await deliver(tenant, { secret, id: unknownId(), body });
    expect(answer.body.outcome).toBe('not-ours');
    expect(sink.changes).toHaveLength(published);
    expect(await findServiceObject(server.team.database.db, org.id, 'transfer', theirs)).toBeUndefined();
    expect((await trail(org.id, 'event.ignore')).map((r) => r.detail)).toEqual([
      expect.stringContaining('which the organization does not own'),
    ]);
  });

  it('changes nothing for an event its read disagrees with', async () => {
    const { tenant, org, secret } = await subscribedTenant();
    const id = await pendingPayment(tenant);
    await delivered();
    const body = (await eventBody(tenant, id, 'transfer.completed')).replace(
      '"status":"pending"',
      '"status":"completed"',
    );
    const answer = await deliver(tenant, { secret, id: unknownId(), body });
    expect(answer.body.outcome).toBe('disagrees');
    expect((await findServiceObject(server.team.database.db, org.id, 'transfer', id))?.status).toBe(
      'pending',
    );
  });

  it('converges by the sweep after every delivery was dropped for a while', async () => {
    const { tenant, org } = await subscribedTenant();
    await fault(tenant, 'drop', 1000);
    const ids = [await pendingPayment(tenant), await pendingPayment(tenant)];
    await advance(ids[0] as string, 'completed');
    await advance(ids[1] as string, 'failed');
    await delivered();
    for (const id of ids)
      expect(await findServiceObject(server.team.database.db, org.id, 'transfer', id)).toBeUndefined();

    const stop = startEventSweep(
      { team: server.team, call, sink },
      { windowMs: 100, lookbackMs: 3_600_000, keepMs: DEFAULT_SWEEP.keepMs },
      (e) => {
        throw e;
      },
    );
    try {
      await expect
        .poll(
          async () =>
            (await findServiceObject(server.team.database.db, org.id, 'transfer', ids[1] as string))?.status,
        )
        .toBe('failed');
    } finally {
      stop();
    }
    expect(
      (await findServiceObject(server.team.database.db, org.id, 'transfer', ids[0] as string))?.status,
    ).toBe('completed');
    expect(sink.of(ids[0] as string)).toEqual(['completed']);
    // A second sweep finds nothing new to tell.
    expect(await sweepOrganization({ team: server.team, call, sink }, org, 3_600_000)).toBe(0);
  });

  it('says in the log, by kind, when a sweep stops short of its lookback; reading further reaches the rest', async () => {
    const { tenant, org } = await subscribedTenant();
    await fault(tenant, 'drop', 1000);
    const oldest = await pendingPayment(tenant);
    await pendingPayment(tenant);
    await pendingPayment(tenant);
    await delivered();
    const held = () => findServiceObject(server.team.database.db, org.id, 'transfer', oldest);
    const transferWarnings = (lines: Record<string, unknown>[]) =>
      lines.filter((l) => l.kind === 'sweep' && l.object === 'transfer' && l.org_id === org.id);
    const captured = captureLog();
    try {
      // One page of two: the two newest are read, the oldest is not, and the log says where the sweep stopped.
      await sweepOrganization({ team: server.team, call, sink }, org, 3_600_000, { pages: 1, pageSize: 2 });
      expect(await held()).toBeUndefined();
      expect(transferWarnings(captured.parsed())).toEqual([
        expect.objectContaining({ level: 40, pages: 1, msg: expect.stringContaining('EVENT_SWEEP_PAGES') }),
      ]);
      captured.lines.length = 0;
      await sweepOrganization({ team: server.team, call, sink }, org, 3_600_000, { pages: 5, pageSize: 2 });
      expect((await held())?.status).toBe('pending');
      expect(transferWarnings(captured.parsed())).toEqual([]);
    } finally {
      captured.restore();
    }
  });

  it('converges bills, payout links, payout requests, flows and users by the sweep after every delivery was dropped', async () => {
    const { tenant, org } = await subscribedTenant();
    const db = server.team.database.db;
    const held = async (kind: string, id: string) => (await findServiceObject(db, org.id, kind, id))?.status;
    const helper = (path: string, body: unknown) =>
      sandbox().app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ok = async (answer: Promise<{ status: number; body: Record<string, unknown> }>, status = 201) => {
      const { status: got, body } = await answer;
      expect(got, JSON.stringify(body)).toBe(status);
      return body;
    };
    // A user whose first change arrives as an event: the console holds it, with that event's time.
    const user = tenant.users[1]?.id as string;
    expect((await helper(`/sandbox/users/${user}/status`, { status: 'in_review' })).status).toBe(200);
    await delivered();
    expect(await held('user', user)).toBe('in_review');

    await fault(tenant, 'drop', 1000);
    expect((await helper(`/sandbox/users/${user}/status`, { status: 'disabled' })).status).toBe(200);
    const request = await ok(
      asService(tenant, 'POST', '/v2/payout-requests', { amount: 4_200, user_id: tenant.users[0]?.id }),
    );
    expect(
      (await helper(`/sandbox/payout-requests/${request.id}/decide`, { status: 'rejected' })).status,
    ).toBe(200);
    const link = await ok(
      asService(tenant, 'POST', '/v2/payout-links', {
        amount: 1_000,
        delivery: { method: 'link' },
        payee: { first_name: 'Lee', last_name: 'Link' },
      }),
    );
    expect((await helper(`/sandbox/payout-links/${link.id}/expire`, {})).status).toBe(200);
    const ap = await sandbox().app.request(`/sandbox/tenants/${tenant.client_id}/accounts-payable`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        users: [{ email: 'fiona@example.com', name: 'Fiona Finance', role: 'ap_creator' }],
      }),
    });
    const creator = ((await ap.json()) as { ap_users: { id: number }[] }).ap_users[0]?.id;
    const AP = '/v2/accounts-payable';
    const vendor = await ok(
      asService(tenant, 'POST', `${AP}/vendors`, {
        name: 'Acme Hosting',
        contact_email: 'ar@acme.example',
        address: { line_1: '1 Main St', city: 'Austin', state: 'TX', postcode: '73301', country: 'US' },
      }),
    );
    const method = await ok(
      asService(tenant, 'POST', `${AP}/vendors/${vendor.id}/payment-methods`, {
        name: 'Operating',
        ach_account_number: '000123456789',
        ach_routing_number: '021000021',
        ach_account_type: 'checking',
      }),
    );
    const bill = await ok(
      asService(tenant, 'POST', `${AP}/payables`, {
        acting_user_id: creator,
        number: 'INV-SWEEP-1',
        ap_vendor_id: vendor.id,
        ap_payment_method_id: method.id,
        amount: 5_000,
        funding_source: 'dots_balance',
      }),
    );
    await ok(asService(tenant, 'POST', `${AP}/payables/${bill.id}/cancel`, { acting_user_id: creator }), 200);
    const flow = await ok(asService(tenant, 'POST', '/v2/flows', { steps: ['compliance'] }), 200);
    // The payee's last step, as the flow's hosted page would record it.
    sandbox()
      .services.db.prepare('UPDATE flows SET completed_steps = steps WHERE id = ?')
      .run(flow.id as string);
    await delivered();
    const objects = {
      user: [user, 'disabled'],
      payout_request: [request.id, 'rejected'],
      payout_link: [link.id, 'expired'],
      bill: [bill.id, 'canceled'],
      flow: [flow.id, 'completed'],
    } as const;
    const statuses = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(objects).map(async ([kind, [id]]) => [kind, await held(kind, id as string)]),
        ),
      );
    // Nothing of it arrived: the console still holds the user as the last event said.
    expect(await statuses()).toEqual({
      user: 'in_review',
      payout_request: undefined,
      payout_link: undefined,
      bill: undefined,
      flow: undefined,
    });

    const before = sink.changes.length;
    expect(await sweepOrganization({ team: server.team, call, sink }, org, 3_600_000)).toBeGreaterThanOrEqual(
      5,
    );
    expect(await statuses()).toEqual(
      Object.fromEntries(Object.entries(objects).map(([kind, [, status]]) => [kind, status])),
    );
    // Each open page is told, once; a second sweep finds nothing new to tell.
    const told = sink.changes.slice(before);
    for (const [kind, [id, status]] of Object.entries(objects))
      expect(told.filter((c) => c.id === id)).toEqual([{ orgId: org.id, kind, id, status }]);
    expect(await sweepOrganization({ team: server.team, call, sink }, org, 3_600_000)).toBe(0);
  });

  it("sees a user's tax form changed while every delivery was dropped, though the user's status stayed the same", async () => {
    const { tenant, org } = await subscribedTenant();
    const db = server.team.database.db;
    const user = tenant.users[1]?.id as string;
    // The console holds the user as an event said, tax form and all.
    const status = await sandbox().app.request(`/sandbox/users/${user}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'in_review' }),
    });
    expect(status.status).toBe(200);
    await delivered();
    const first = await findServiceObject(db, org.id, 'user', user);
    expect(first).toMatchObject({ status: 'in_review', detail: 'tax-form:none;tin:unsubmitted' });

    await fault(tenant, 'drop', 1000);
    // A W-8BEN is sent for the user, through the service's own route: the user's status is what it was.
    const form = await asService(tenant, 'PUT', `/v2/users/${user}/compliance`, {
      w8ben: {
        name: 'Ada Quillfeather',
        citizenship_country: 'GB',
        date_of_birth: '1990-01-02',
        foreign_tax_id: 'AB123456C',
        address: { line_1: '1 High St', city: 'London', country: 'GB', postcode: 'SW1A 1AA' },
        signature: { consent: true, name: 'Ada Quillfeather', email: 'ada@example.com' },
      },
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    await delivered();
    expect(await findServiceObject(db, org.id, 'user', user)).toEqual(first);

    const before = sink.changes.length;
    expect(await sweepOrganization({ team: server.team, call, sink }, org, 3_600_000)).toBeGreaterThanOrEqual(
      1,
    );
    expect(await findServiceObject(db, org.id, 'user', user)).toMatchObject({
      status: 'in_review',
      detail: 'tax-form:w8ben;tin:unsubmitted',
    });
    expect(sink.changes.slice(before).filter((c) => c.id === user)).toEqual([
      { orgId: org.id, kind: 'user', id: user, status: 'in_review' },
    ]);
    // Told once: a second sweep finds the same form.
    const after = sink.changes.length;
    await sweepOrganization({ team: server.team, call, sink }, org, 3_600_000);
    expect(sink.changes.slice(after).filter((c) => c.id === user)).toEqual([]);
  });

  it('subscribes a test tenant made with events on, as the demo is, and no other', async () => {
    const subscribed = await server.tenant({ events: true });
    const plain = await server.tenant();
    const db = server.team.database.db;
    const secretsOf = async (clientId: string) => {
      const org = (await findOrganizationByClientId(db, clientId)) as OrganizationRow;
      return eventSecretsOf(db, org.id);
    };
    expect(await secretsOf(subscribed.client_id)).toEqual([expect.stringMatching(/^whsec_/)]);
    expect(await secretsOf(plain.client_id)).toEqual([]);
    const at = (await asService(subscribed, 'GET', '/v2/event-subscriptions')).body.data as { url: string }[];
    expect(at.map((s) => s.url)).toEqual([`${config({}).publicUrl}/events/${subscribed.client_id}`]);
    expect(
      (await server.app.request('/sandbox/tenants', { method: 'POST', body: '{"events":"yes"}' })).status,
    ).toBe(400);
  });

  it('forgets received events past the window as it sweeps, never one inside the replay window', async () => {
    const { org } = await subscribedTenant();
    const db = server.team.database.db;
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const received = async (webhookId: string, minutes: number) =>
      storeEventOnce(db, {
        webhook_id: webhookId,
        org_id: org.id,
        type: 'transfer.completed',
        object_kind: 'transfer',
        object_id: crypto.randomUUID(),
        event_at: minutesAgo(minutes),
        received_at: minutesAgo(minutes),
        outcome: 'applied',
      });
    const ids = { old: unknownId(), recent: unknownId(), now: unknownId() };
    await received(ids.old, 60);
    await received(ids.recent, 6);
    await received(ids.now, 0);
    const kept = async () => (await eventsOf(db, org.id)).map((e) => e.webhook_id);
    expect(await kept()).toEqual(expect.arrayContaining(Object.values(ids)));

    // Asked to keep nothing: still kept, the ids a replay could come with (ten minutes: five either side of now).
    const stop = startEventSweep({ team: server.team, call, sink }, { ...DEFAULT_SWEEP, keepMs: 0 }, (e) => {
      throw e;
    });
    try {
      await expect.poll(async () => (await kept()).includes(ids.old)).toBe(false);
    } finally {
      stop();
    }
    expect(await kept()).toEqual(expect.arrayContaining([ids.recent, ids.now]));
    // A dedupe id gone is a delivery accepted again: within the window it is still refused as a replay.
    expect(await received(ids.recent, 0)).toBe(false);
  });

  it('rotates the secret with an overlap: a console that holds only the old secret still verifies during it', async () => {
    const { tenant, org, secret: old } = await subscribedTenant();
    const db = server.team.database.db;
    const id = await pendingPayment(tenant);
    await delivered();
    const subscription = (
      (await asService(tenant, 'GET', '/v2/event-subscriptions')).body.data as { id: string }[]
    )[0];
    // Rotated at the service, as an operator does before the console is given the new secret.
    const rotated = await asService(
      tenant,
      'POST',
      `/v2/event-subscriptions/${subscription?.id}/rotate-secret`,
      {
        overlap_seconds: 3600,
      },
    );
    expect(rotated.status).toBe(200);
    await advance(id, 'completed');
    await delivered();
    expect(sink.of(id).at(-1)).toBe('completed');

    // The console takes the new secret and drops the old one: the old one alone no longer verifies.
    await addEventSecret(db, {
      org_id: org.id,
      secret: rotated.body.secret as string,
      subscription_id: null,
      added_at: new Date().toISOString(),
    });
    await removeEventSecret(db, org.id, old);
    const body = await eventBody(tenant, id, 'transfer.completed');
    expect((await deliver(tenant, { secret: old, id: unknownId(), body })).status).toBe(401);
    await advance(id, 'reversed');
    await delivered();
    expect(sink.of(id).at(-1)).toBe('reversed');
  });

  it('rotates its own subscription, taking the new secret at once', async () => {
    const { tenant, org, secret: old } = await subscribedTenant();
    const id = await pendingPayment(tenant);
    await delivered();
    const rotation = await rotateSubscription(server.team, call, org, old, 0);
    await rotation?.forget();
    expect(await eventSecretsOf(server.team.database.db, org.id)).not.toContain(old);
    await advance(id, 'completed');
    await delivered();
    expect(sink.of(id).at(-1)).toBe('completed');
  });

  it('subscribes once, however often it starts', async () => {
    const { tenant, org } = await subscribedTenant();
    expect(await ensureSubscription(server.team, call, org, door.url)).toBe('kept');
    expect(await ensureSubscription(server.team, call, org, door.url)).toBe('kept');
    const listed = await asService(tenant, 'GET', '/v2/event-subscriptions');
    expect(listed.body.data).toHaveLength(1);
  });

  it('shows an approved request’s paid row with the outcome its transfer’s events brought', async () => {
    const tenant = await server.tenant({ approval_limit_cents: 100_000 });
    const org = (await findOrganizationByClientId(
      server.team.database.db,
      tenant.client_id,
    )) as OrganizationRow;
    expect(await ensureSubscription(server.team, call, org, door.url)).toBe('made');
    const member = (role: string) => {
      const found = tenant.members.find((m) => m.role === role);
      if (!found) throw new Error(role);
      return server.signIn(found);
    };
    const request = (path: string, authorization: string, body?: unknown) =>
      server.app.request(path, {
        method: body ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', authorization },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const submitted = await request('/api/team/approvals', await member('finance'), {
      payment: {
        amount: 125_000,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: '99887766554', routing_number: '021000021' },
        idempotency_key: crypto.randomUUID(),
      },
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    const admin = await member('admin');
    const approved = (await (await request(`/api/team/approvals/${id}/approve`, admin, {})).json()) as {
      result: { rows: { transfer_id: string }[] };
    };
    const transferId = approved.result.rows[0]?.transfer_id as string;
    await advance(transferId, 'pending');
    await advance(transferId, 'completed');
    await delivered();
    const page = (await (await request(`/api/team/approvals/${id}`, admin)).json()) as {
      row_outcomes: unknown;
    };
    expect(page.row_outcomes).toEqual([
      { index: 0, transfer_id: transferId, status: 'completed', changed_at: expect.any(String) },
    ]);
  });

  it('answers 503 when the service cannot be read, so the delivery comes again and is applied then', async () => {
    const { tenant, org } = await subscribedTenant();
    const id = await pendingPayment(tenant);
    await delivered();
    const armed = await sandbox().app.request('/sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: tenant.client_id,
        method: 'GET',
        path_prefix: `/v2/transfers/${id}`,
        status: 503,
      }),
    });
    expect(armed.status).toBe(201);
    await advance(id, 'completed');
    await delivered();
    expect((await findServiceObject(server.team.database.db, org.id, 'transfer', id))?.status).toBe(
      'completed',
    );
    const attempts = sandbox()
      .services.db.prepare(
        `SELECT d.attempts FROM event_deliveries d JOIN event_outbox e ON e.seq = d.event_seq
         WHERE e.object_id = ? AND e.type = 'transfer.completed'`,
      )
      .pluck()
      .get(id);
    expect(attempts).toBe(2);
  });
});

describe('a member whose payment later fails is told', () => {
  it('the member who made it gets one notice, however often its event comes; no one else does', async () => {
    const { tenant, secret } = await subscribedTenant();
    const member = (role: string) =>
      tenant.members.find((m) => m.role === role) as (typeof tenant.members)[0];
    const [finance, admin] = [await server.signIn(member('finance')), await server.signIn(member('admin'))];
    const made = await server.app.request('/v2/payments', {
      method: 'POST',
      headers: { Authorization: finance, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: 2345,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: '123456789', routing_number: '021000021' },
        idempotency_key: crypto.randomUUID(),
      }),
    });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as { id: string }).id;
    await advance(id, 'pending');
    await delivered();
    await advance(id, 'failed');
    await delivered();

    const noticesOf = async (authorization: string) => {
      const answer = await server.app.request('/api/team/notices', {
        headers: { Authorization: authorization },
      });
      return ((await answer.json()) as { data: { about: { id: string }; status: string; link: string }[] })
        .data;
    };
    const mine = (await noticesOf(finance)).filter((n) => n.about.id === id);
    expect(mine).toEqual([expect.objectContaining({ status: 'failed', link: `/transfers/${id}` })]);

    // The same news again (a delivery under a new id, then a sweep's read): no second notice.
    const again = await deliver(tenant, {
      secret,
      id: unknownId(),
      body: await eventBody(tenant, id, 'transfer.failed'),
    });
    expect(again.status).toBe(200);
    const org = (await findOrganizationByClientId(
      server.team.database.db,
      tenant.client_id,
    )) as OrganizationRow;
    await sweepOrganization({ team: server.team, call, sink }, org, 60_000);
    expect((await noticesOf(finance)).filter((n) => n.about.id === id)).toHaveLength(1);
    expect((await noticesOf(admin)).filter((n) => n.about.id === id)).toEqual([]);
  });

  it('a payment the console did not send (no member stamped on it) tells no one', async () => {
    const { tenant } = await subscribedTenant();
    const id = await pendingPayment(tenant);
    await delivered();
    await advance(id, 'failed');
    await delivered();
    const rows = await server.team.database.db
      .selectFrom('member_notices')
      .selectAll()
      .where('about_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('notes that events arrive at most once a second for an organization, not once for each event', async () => {
    const { tenant, org, secret } = await subscribedTenant();
    const id = await pendingPayment(tenant);
    await delivered();
    const body = await eventBody(tenant, id, 'transfer.pending');
    for (let i = 0; i < 5; i++)
      expect((await deliver(tenant, { secret, id: unknownId(), body })).status).toBe(200);
    const db = server.team.database.db;
    const received = (await eventsOf(db, org.id)).map((e) => Date.parse(e.received_at)).sort((a, b) => a - b);
    expect(received.length).toBeGreaterThanOrEqual(7);
    // The rule replayed: a write, then none until a second after it.
    let noted = received[0] as number;
    for (const at of received) if (at - noted >= 1000) noted = at;
    expect((await eventWatchOf(db, org.id))?.last_event_at).toBe(new Date(noted).toISOString());
  });
});
