import { afterAll, describe, expect, it, vi } from 'vitest';
import { appendChange, pruneChanges } from '../db/repositories/live/live-changes';
import { ensureOrganization } from '../members/members';
import { rowOf } from '../pipeline/v2-table';
import { teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { twoConsolesUpstream } from '../test/two-consoles';
import { READ_ACCESS, READ_OF } from './routes';

interface StreamEvent {
  event: string;
  id: string | null;
  data: string;
}

/** A stream of the console's changes as a page opens it, read event by event. */
async function openStream(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  authorization: string,
  lastEventId?: string,
) {
  const response = await app.request('/api/team/events', {
    headers: { Authorization: authorization, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: StreamEvent[] = [];
  let ended = false;
  const pump = (async () => {
    if (!reader) return;
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const lines = block.split('\n');
        const field = (name: string) =>
          lines.filter((l) => l.startsWith(`${name}: `)).map((l) => l.slice(name.length + 2));
        if (lines.every((l) => l.startsWith(':'))) events.push({ event: 'comment', id: null, data: block });
        else
          events.push({
            event: field('event')[0] ?? 'message',
            id: field('id')[0] ?? null,
            data: field('data').join('\n'),
          });
        cut = buffer.indexOf('\n\n');
      }
    }
    ended = true;
  })();
  /** Waits until `until` holds of the events so far (or the time is up), and answers them. */
  const waitFor = async (until: (events: StreamEvent[]) => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    while (!until(events) && !ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return events;
  };
  const changes = () =>
    events.filter((e) => e.event === 'change').map((e) => ({ ...JSON.parse(e.data), seq: e.id }));
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    changes,
    waitFor,
    ended: () => ended,
    close: async () => {
      await reader?.cancel().catch(() => undefined);
      await pump;
    },
  };
}

const paymentBody = (userId: string, cents: number) => ({
  payment: {
    amount: cents,
    platform: 'ach',
    user_id: userId,
    ach_info: { account_number: '99887766554', routing_number: '021000021' },
    idempotency_key: crypto.randomUUID(),
  },
});

it('who is told of a change is who may read its object: each kind by a declared read', () => {
  for (const path of Object.values(READ_OF)) expect(rowOf('GET', path), path).not.toBeNull();
  expect(READ_ACCESS).toMatchObject({
    transfer: 'read',
    bill: 'read',
    approval_request: 'pay',
    notice: 'session',
  });
});

describe('the stream of changes, one console server', async () => {
  const server = await teamConsole({ live: { heartbeatMs: 300 } });
  afterAll(() => server.close());
  const tenant = await server.tenant();
  const other = await server.tenant();
  const orgOf = (clientId: string) =>
    ensureOrganization(server.team.database.db, { clientId, name: 'O', sandboxApiKey: null });
  const org = await orgOf(tenant.client_id);
  const otherOrg = await orgOf(other.client_id);
  const member = (role: string) => {
    const found = tenant.members.find((m) => m.role === role);
    if (!found) throw new Error(role);
    return found;
  };
  const auth = (role: string) => server.signIn(member(role));
  const post = (path: string, authorization: string, body: unknown = {}) =>
    server.app.request(path, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("a viewer's stream carries nothing a viewer cannot read; the maker sees their request approved", async () => {
    const [viewer, finance, admin] = [await auth('viewer'), await auth('finance'), await auth('admin')];
    const viewerStream = await openStream(server.app, viewer);
    const makerStream = await openStream(server.app, finance);
    expect(viewerStream.status).toBe(200);
    expect(viewerStream.contentType).toMatch(/^text\/event-stream/);
    await viewerStream.waitFor((e) => e.some((x) => x.event === 'ready'));
    await makerStream.waitFor((e) => e.some((x) => x.event === 'ready'));

    const submitted = await post(
      '/api/team/approvals',
      finance,
      paymentBody(tenant.users[0]?.id ?? '', 1_500_000),
    );
    expect(submitted.status).toBe(201);
    const request = (await submitted.json()) as { id: string };
    expect((await post(`/api/team/approvals/${request.id}/approve`, admin)).status).toBe(200);
    await server.team.live.publish({ orgId: org.id, kind: 'transfer', id: 'tr-1', status: 'completed' });
    await server.team.live.publish({
      orgId: otherOrg.id,
      kind: 'transfer',
      id: 'tr-other',
      status: 'failed',
    });
    const financeId = member('finance').id;
    await server.team.live.publish({
      orgId: org.id,
      kind: 'notice',
      id: 'n-1',
      status: null,
      memberId: financeId,
    });

    await makerStream.waitFor((e) => e.some((x) => x.data.includes('n-1')));
    await viewerStream.waitFor((e) => e.some((x) => x.data.includes('tr-1')));
    const maker = makerStream.changes();
    expect(maker.filter((c) => c.kind === 'approval_request').map((c) => c.status)).toEqual(
      expect.arrayContaining(['approved', 'executed']),
    );
    expect(maker.map((c) => c.id)).toEqual(expect.arrayContaining(['tr-1', 'n-1']));
    // What a viewer may read (a transfer), and nothing else: no approval request, no one else's notice, no other
    // organization's transfer.
    expect(viewerStream.changes().map(({ kind, id, status }) => ({ kind, id, status }))).toEqual([
      { kind: 'transfer', id: 'tr-1', status: 'completed' },
    ]);
    expect(maker.some((c) => c.id === 'tr-other')).toBe(false);
    // The ids increase: each is where a dropped stream resumes.
    const ids = maker.map((c) => Number(c.seq));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    await viewerStream.close();
    await makerStream.close();
  });

  it('resumes after the last id it had, and says so when that is no longer kept', async () => {
    const viewer = await auth('viewer');
    const first = await openStream(server.app, viewer);
    await first.waitFor((e) => e.some((x) => x.event === 'ready'));
    await server.team.live.publish({ orgId: org.id, kind: 'transfer', id: 'tr-seen', status: 'pending' });
    await first.waitFor((e) => e.some((x) => x.data.includes('tr-seen')));
    const last = first.changes().at(-1)?.seq ?? '';
    await first.close();
    // Dropped: two changes happen meanwhile.
    await server.team.live.publish({
      orgId: org.id,
      kind: 'transfer',
      id: 'tr-missed-1',
      status: 'completed',
    });
    await server.team.live.publish({ orgId: org.id, kind: 'bill', id: 'bill-missed-2', status: 'paid' });
    const resumed = await openStream(server.app, viewer, last);
    await resumed.waitFor((e) => e.some((x) => x.event === 'ready'));
    expect(resumed.changes().map((c) => c.id)).toEqual(['tr-missed-1', 'bill-missed-2']);
    await resumed.close();
    // An id from before what is kept: the page is told to read everything again.
    await pruneChanges(server.team.database.db, new Date(Date.now() + 60_000).toISOString());
    const stale = await openStream(server.app, viewer, last);
    await stale.waitFor((e) => e.some((x) => x.event === 'ready'));
    expect(stale.events.map((x) => x.event)).toEqual(['reset', 'ready']);
    await stale.close();
  });

  it('keeps an idle stream open with a comment, and ends it when the session ends', async () => {
    const viewer = await auth('viewer');
    const stream = await openStream(server.app, viewer);
    await stream.waitFor((e) => e.some((x) => x.event === 'comment'));
    expect(stream.events.some((x) => x.event === 'comment')).toBe(true);
    const signedOut = await server.app.request('/api/team/session', {
      method: 'DELETE',
      headers: { Authorization: viewer },
    });
    expect(signedOut.status).toBeLessThan(300);
    await stream.waitFor(() => stream.ended(), 2000);
    expect(stream.ended()).toBe(true);
    await stream.close();
  });

  it('the maker gets a notice of their request refused, at once and in their list; no one else does', async () => {
    const [finance, admin] = [await auth('finance'), await auth('admin')];
    const makerStream = await openStream(server.app, finance);
    const adminStream = await openStream(server.app, admin);
    await makerStream.waitFor((e) => e.some((x) => x.event === 'ready'));
    await adminStream.waitFor((e) => e.some((x) => x.event === 'ready'));
    const submitted = await post(
      '/api/team/approvals',
      finance,
      paymentBody(tenant.users[0]?.id ?? '', 1_600_000),
    );
    const request = (await submitted.json()) as { id: string };
    const refused = await post(`/api/team/approvals/${request.id}/reject`, admin, {
      reason: 'Not this month',
    });
    expect(refused.status).toBe(200);
    await makerStream.waitFor((e) => e.some((x) => x.data.includes('"kind":"notice"')));
    const notice = makerStream.changes().find((c) => c.kind === 'notice');
    expect(notice).toMatchObject({ status: 'rejected' });
    const list = await server.app.request('/api/team/notices', { headers: { Authorization: finance } });
    expect(((await list.json()) as { data: unknown[] }).data[0]).toMatchObject({
      id: notice?.id,
      about: { kind: 'approval_request', id: request.id },
      status: 'rejected',
    });
    const adminList = await server.app.request('/api/team/notices', { headers: { Authorization: admin } });
    expect(((await adminList.json()) as { data: unknown[] }).data).toEqual([]);
    await adminStream.waitFor((e) => e.some((x) => x.data.includes(request.id)));
    expect(adminStream.changes().some((c) => c.kind === 'notice')).toBe(false);
    await makerStream.close();
    await adminStream.close();
  });

  it('is refused without a session, like every read', async () => {
    expect((await server.app.request('/api/team/events')).status).toBe(401);
  });
});

describe('a console server that stops', () => {
  it('ends its streams, even one no one reads, reads no change after, and ends a stream opened then at once', async () => {
    const server = await teamConsole({ live: { heartbeatMs: 300, tailMs: 20 } });
    const tenant = await server.tenant();
    const adminMember = tenant.members.find((m) => m.role === 'admin');
    if (!adminMember) throw new Error('the tenant has no admin');
    const admin = await server.signIn(adminMember);
    const org = await ensureOrganization(server.team.database.db, {
      clientId: tenant.client_id,
      name: 'O',
      sandboxApiKey: null,
    });
    // A page whose reader went away without a word: the stream is never read again.
    const abandoned = await server.app.request('/api/team/events', { headers: { Authorization: admin } });
    expect(abandoned.status).toBe(200);
    const watched = await openStream(server.app, admin);
    await watched.waitFor((e) => e.some((x) => x.event === 'ready'));
    // Changes and heartbeats until the abandoned stream's writes wait on a reader that never comes.
    for (let n = 0; n < 5; n++)
      await server.team.live.publish({ orgId: org.id, kind: 'transfer', id: `tr_${n}`, status: 'pending' });
    await new Promise((r) => setTimeout(r, 700));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      server.team.live.endStreams();
      await watched.waitFor(() => watched.ended(), 2000);
      expect(watched.ended()).toBe(true);
      const late = await openStream(server.app, admin);
      await late.waitFor(() => late.ended(), 2000);
      expect(late.ended()).toBe(true);
      // The server stops: its database is closed.
      await server.close();
      // Another server of this process stores a change and wakes every open stream: this one has none left.
      const other = await teamConsole({ live: { tailMs: 20 } });
      await other.team.live.publish({ orgId: org.id, kind: 'transfer', id: 'tr_1', status: 'completed' });
      await new Promise((r) => setTimeout(r, 100));
      await other.close();
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe.each(BACKENDS)('two console servers on one database ($name)', (backend) => {
  it("a change stored by one server reaches the other's open streams", async () => {
    const setup = await twoConsolesUpstream(backend, `live-${backend.name}.example`);
    try {
      const finance = await setup.session('finance');
      const onB = await openStream(setup.b.app, finance);
      await onB.waitFor((e) => e.some((x) => x.event === 'ready'));
      // Stored as another process would store it: no wake reaches server b, only its tail of the table.
      await appendChange(setup.a.team.database.db, {
        org_id: setup.org.id,
        kind: 'transfer',
        object_id: 'tr-from-a',
        status: 'returned',
        member_id: null,
        at: new Date().toISOString(),
      });
      await onB.waitFor((e) => e.some((x) => x.data.includes('tr-from-a')));
      expect(onB.changes().map((c) => c.id)).toEqual(['tr-from-a']);
      await onB.close();
    } finally {
      await setup.close();
    }
  });
});
