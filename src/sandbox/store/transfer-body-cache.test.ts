import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../server/test/temp-dir';
import { createTenant } from '../domain/tenant-factory';
import { makeHarness } from '../test/harness';
import { type Db, openDatabase } from './db';
import { BodyCache, bodyCacheOf, installTransferBodyCache } from './transfer-body-cache';
import { storeTransferJson, transferJson } from './transfer-json';

const entry = (orgId: string, chars: number) => ({ orgId, json: 'x'.repeat(chars) });

describe('BodyCache', () => {
  it('keeps texts up to its bound, letting the least recently read go first', () => {
    const cache = new BodyCache(30);
    cache.set('a', entry('o', 10));
    cache.set('b', entry('o', 10));
    cache.set('c', entry('o', 10));
    expect(cache.get('a')).toBeDefined(); // now the most recently read: b is the oldest
    cache.set('d', entry('o', 10));
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')].every(Boolean)).toBe(true);
    expect(cache.size).toBe(3);
  });

  it('counts a replaced text once, keeps none larger than its bound, and forgets on drop and clear', () => {
    const cache = new BodyCache(30);
    cache.set('a', entry('o', 20));
    cache.set('a', entry('o', 20)); // the same id again: 20 characters held, not 40
    cache.set('b', entry('o', 10));
    expect(cache.size).toBe(2);
    cache.set('huge', entry('o', 31));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.drop('a');
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', entry('o', 20)); // fits beside b only because a's 20 were given back
    expect(cache.get('b')).toBeDefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('a read of one transfer from memory', () => {
  const h = makeHarness();
  const db = () => h.sandbox.services.db;
  const orgOf = (clientId: string) =>
    db().prepare('SELECT id FROM organizations WHERE client_id = ?').pluck().get(clientId) as string;

  async function paidTransfer() {
    const tenant = await h.tenant();
    return { tenant, id: (await h.pay(tenant)).id as string };
  }

  it('is kept after the first read, and only for the tenant it belongs to', async () => {
    const { tenant, id } = await paidTransfer();
    const cache = bodyCacheOf(db());
    expect(cache?.get(id)).toBeUndefined();
    const first = await h.call('GET', `/v2/transfers/${id}`, { tenant });
    expect(cache?.get(id)?.json).toBe(first.text);
    const again = await h.call('GET', `/v2/transfers/${id}`, { tenant });
    expect(again.text).toBe(first.text);

    const stranger = await h.tenant();
    expect((await h.call('GET', `/v2/transfers/${id}`, { tenant: stranger })).status).toBe(403);
    expect(transferJson(db(), orgOf(stranger.client_id), id)).toBeUndefined();
  });

  it('is dropped by any change to the transfer or what it is made of, in the statement that makes it', async () => {
    const { tenant, id } = await paidTransfer();
    const read = async () => (await h.call('GET', `/v2/transfers/${id}`, { tenant })).body;
    const cached = () => bodyCacheOf(db())?.get(id) !== undefined;

    await read();
    db().prepare('UPDATE transactions SET amount = 99 WHERE transfer_id = ?').run(id);
    expect(cached()).toBe(false);
    expect((await read()).transactions[0].amount).toBe(99);

    storeTransferJson(db(), id);
    await read();
    db()
      .prepare("UPDATE transfer_status_history SET at = '2020-01-01T00:00:00.000Z' WHERE transfer_id = ?")
      .run(id);
    expect((await read()).status_history[0].at).toBe('2020-01-01T00:00:00.000Z');

    storeTransferJson(db(), id);
    await read();
    await h.call('POST', `/sandbox/transfers/${id}/advance`, { body: {} });
    expect((await read()).status).toBe('pending');

    await read();
    db().prepare('UPDATE transfers SET metadata = \'{"k":1}\' WHERE id = ?').run(id);
    expect((await read()).metadata).toEqual({ k: 1 });

    // A new body written over a stored one (a writer that stores what it composed) drops the old one too.
    storeTransferJson(db(), id);
    await read();
    db().prepare('UPDATE transfers SET body = \'{"rewritten":true}\' WHERE id = ?').run(id);
    expect(await read()).toEqual({ rewritten: true });
  });

  it('is dropped when the transfer is deleted', async () => {
    const { tenant, id } = await paidTransfer();
    await h.call('GET', `/v2/transfers/${id}`, { tenant });
    db().pragma('foreign_keys = OFF');
    try {
      db().prepare('DELETE FROM transfers WHERE id = ?').run(id);
    } finally {
      db().pragma('foreign_keys = ON');
    }
    expect(transferJson(db(), orgOf(tenant.client_id), id)).toBeUndefined();
  });

  it('is not kept from a read inside a transaction, which may yet be rolled back', async () => {
    const { tenant, id } = await paidTransfer();
    const orgId = orgOf(tenant.client_id);
    const rollback = new Error('roll back');
    expect(() =>
      db().transaction(() => {
        db().prepare('UPDATE transactions SET amount = 7 WHERE transfer_id = ?').run(id);
        storeTransferJson(db(), id);
        expect(JSON.parse(transferJson(db(), orgId, id) as string).transactions[0].amount).toBe(7);
        throw rollback;
      })(),
    ).toThrow(rollback);
    expect(bodyCacheOf(db())?.get(id)).toBeUndefined();
    expect(JSON.parse(transferJson(db(), orgId, id) as string).transactions[0].amount).toBe(1234);
  });

  it('is not kept for a transfer without a stored body, composed afresh on each read', async () => {
    const { tenant, id } = await paidTransfer();
    db().prepare('UPDATE transfers SET body = NULL WHERE id = ?').run(id);
    const read = await h.call('GET', `/v2/transfers/${id}`, { tenant });
    expect(read.body.id).toBe(id);
    expect(bodyCacheOf(db())?.get(id)).toBeUndefined();
  });
});

describe('a commit by another connection to the same file', () => {
  const opened: Db[] = [];
  afterEach(() => {
    for (const db of opened.splice(0)) db.close();
  });

  it('drops the cache at the next look, which the sandbox takes every second', () => {
    const file = join(tempDir('body-cache-'), 'store.db');
    const ours = openDatabase(file);
    opened.push(ours);
    const tenant = createTenant(ours);
    const orgId = ours
      .prepare('SELECT id FROM organizations WHERE client_id = ?')
      .pluck()
      .get(tenant.client_id);
    const id = '0190a0b0-0000-7000-8000-000000000001';
    ours
      .prepare(
        `INSERT INTO transfers (id, org_id, app_id, status, type, amount, created, created_ms, status_changed_ms, body)
         VALUES (?, ?, ?, 'created', 'payment', 100, '2026-01-01T00:00:00.000Z', 0, 0, '{"v":1}')`,
      )
      .run(id, orgId, tenant.apps[0]?.id);

    // A connection of our own, whose look at other connections' commits the test takes by hand.
    const reader = new Database(file);
    opened.push(reader);
    const { dropIfChangedElsewhere } = installTransferBodyCache(reader);
    expect(transferJson(reader, orgId as string, id)).toBe('{"v":1}');

    ours.prepare('UPDATE transfers SET body = \'{"v":2}\' WHERE id = ?').run(id);
    // Until the look, the reader answers what it had read: the window README.md documents.
    expect(transferJson(reader, orgId as string, id)).toBe('{"v":1}');
    dropIfChangedElsewhere();
    expect(transferJson(reader, orgId as string, id)).toBe('{"v":2}');
    // Its own commits are not another connection's: they keep what is cached.
    dropIfChangedElsewhere();
    expect(bodyCacheOf(reader)?.get(id)).toBeDefined();
  });
});
