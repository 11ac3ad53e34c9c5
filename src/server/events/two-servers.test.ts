import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../sandbox/test/harness';
import { serviceCaller } from '../app';
import { type ConsoleDatabase, openConsoleDatabase } from '../db/database';
import { eventsOf } from '../db/repositories/events/service-events';
import type { OrganizationRow } from '../db/schema/team';
import type { CallService } from '../gate/service-calls';
import type { Change, ChangeSink } from '../live/changes';
import { ensureOrganization } from '../members/members';
import { config } from '../test/config';
import { basic, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { sandboxUpstream } from '../test/upstream';
import { ensureSubscription } from './subscribe';

/**
 * Two console servers on one database, each subscribed to the service: every event reaches both, and is applied by
 * one only (its webhook-id is stored once), on SQLite and on PostgreSQL (each server with its own connection).
 */

const recording = (): ChangeSink & { changes: Change[] } => {
  const changes: Change[] = [];
  return {
    changes,
    publish: (change) => {
      changes.push(change);
      return Promise.resolve();
    },
  };
};

describe.each(BACKENDS)('two console servers on one $name database', (backend) => {
  let service: Awaited<ReturnType<typeof sandboxUpstream>>;
  let shared: ConsoleDatabase & { url?: string };
  let second: ConsoleDatabase;
  const servers: { console: Awaited<ReturnType<typeof teamConsole>>; close: () => Promise<void> }[] = [];
  const sinks = [recording(), recording()];
  let org: OrganizationRow;

  beforeAll(async () => {
    service = await sandboxUpstream();
    shared = await backend.open();
    second = shared.url ? await openConsoleDatabase({ url: shared.url }) : shared;
    org = await ensureOrganization(shared.db, {
      clientId: service.made.client_id,
      name: 'O',
      sandboxApiKey: null,
    });
    for (const [index, database] of [shared, second].entries()) {
      const server = await teamConsole({
        upstream: service.url,
        orgCredentials: service.orgCredentials,
        database,
        changes: sinks[index] as ChangeSink,
      });
      const door = await listen(server.app);
      servers.push({ console: server, close: door.close });
      const call = serviceCaller(config({ upstreamUrl: service.url }), null) as CallService;
      expect(await ensureSubscription(server.team, call, org, door.url)).toBe('made');
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      await server.close();
      await server.console.close();
    }
    if (second !== shared) await second.close();
    await shared.close();
    await service.close();
  });

  const asService = (path: string, body?: unknown) =>
    service.sandbox.app.request(path, {
      method: 'POST',
      headers: {
        authorization: basic(service.made.client_id, service.made.api_key),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body ?? {}),
    });

  it('applies each event once, though both servers receive it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const made = await asService('/v2/payments', {
        amount: 1000 + i,
        platform: 'ach',
        user_id: service.made.users[0]?.id,
        ach_info: { account_number: '123456789', routing_number: '021000021' },
      });
      expect(made.status).toBe(201);
      ids.push(((await made.json()) as { id: string }).id);
    }
    for (const status of ['pending', 'completed']) {
      for (const id of ids) {
        const moved = await asService(`/sandbox/transfers/${id}/advance`, { status });
        expect(moved.status).toBe(200);
      }
    }
    await service.sandbox.services.events.idle();
    for (const server of servers) await server.console.team.settled();

    const events = await eventsOf(shared.db, org.id);
    // created, pending and completed of each payment: stored once each, each with the outcome of its one apply.
    expect(events).toHaveLength(ids.length * 3);
    expect(events.every((e) => e.outcome !== null)).toBe(true);
    const told = [...(sinks[0]?.changes ?? []), ...(sinks[1]?.changes ?? [])];
    for (const id of ids) {
      // Each read is the object now (an event is a hint): a status may be skipped, never told twice, and the last is
      // where the payment is.
      const statuses = told.filter((c) => c.id === id).map((c) => c.status);
      expect(statuses.at(-1)).toBe('completed');
      expect(new Set(statuses).size).toBe(statuses.length);
    }
    const replays = await shared.db
      .selectFrom('audit_events')
      .select('targets')
      .where('action', '=', 'event.refuse')
      .execute();
    expect(replays).toHaveLength(ids.length * 3);
  });
});
