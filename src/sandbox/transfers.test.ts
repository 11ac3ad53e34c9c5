import { describe, expect, it } from 'vitest';
import { TRANSFER_STATUSES, type TransferStatus } from '../lib/transfer-states';
import { settleDue, TRANSITIONS } from './domain/lifecycle';
import { type CreatedTenant, TENANT_WALLET_CENTS } from './domain/tenant-factory';
import { type Harness, makeHarness } from './test/harness';

async function pay(h: Harness, tenant: CreatedTenant, accountNumber = '123456789', amount = 500) {
  const answer = await h.call('POST', '/v2/payments', {
    tenant,
    body: {
      amount,
      platform: 'ach',
      user_id: tenant.users[0]?.id,
      ach_info: { account_number: accountNumber, routing_number: '021000021' },
    },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; status: string };
}

const advance = (h: Harness, id: string, body: Record<string, unknown> = {}) =>
  h.call('POST', `/sandbox/transfers/${id}/advance`, { body });

/** A path through the state machine to reach `status` from created. */
const PATH_TO: Record<TransferStatus, TransferStatus[]> = {
  created: [],
  pending: ['pending'],
  flagged: ['flagged'],
  canceled: ['canceled'],
  completed: ['pending', 'completed'],
  failed: ['pending', 'failed'],
  reversed: ['pending', 'completed', 'reversed'],
};
const ALL: readonly TransferStatus[] = TRANSFER_STATUSES;

describe('transfer lifecycle', () => {
  const h = makeHarness();

  for (const from of ALL) {
    for (const to of ALL) {
      const allowed = TRANSITIONS[from].includes(to);
      it(`${from} -> ${to} is ${allowed ? 'allowed' : 'refused with 409, nothing changed'}`, async () => {
        const tenant = await h.tenant();
        const transfer = await pay(h, tenant);
        for (const step of PATH_TO[from])
          expect((await advance(h, transfer.id, { status: step })).status).toBe(200);
        const answer = await advance(h, transfer.id, { status: to });
        const after = await h.call('GET', `/v2/transfers/${transfer.id}`, { tenant });
        if (allowed) {
          expect(answer.status).toBe(200);
          expect(after.body.status).toBe(to);
          expect(after.body.status_history.map((s: { status: string }) => s.status)).toEqual([
            'created',
            ...PATH_TO[from],
            to,
          ]);
        } else {
          expect(answer.status).toBe(409);
          expect(answer.body.error_code).toBe('transition-not-allowed');
          expect(after.body.status).toBe(from);
        }
      });
    }
  }

  it('{} takes the happy path: counted at once, spendable by the app on completion', async () => {
    const tenant = await h.tenant();
    const spendable = async () =>
      (await h.call('GET', '/v2/wallets', { tenant })).body.apps[0].withdrawable_amount;
    const transfer = await pay(h, tenant, '123456789', 777);
    expect((await advance(h, transfer.id)).body.status).toBe('pending');
    expect((await h.call('GET', '/v2/organizations', { tenant })).body.balance).toBe(
      TENANT_WALLET_CENTS + 777,
    );
    expect(await spendable()).toBe(TENANT_WALLET_CENTS);
    expect((await advance(h, transfer.id)).body.status).toBe('completed');
    expect((await h.call('GET', '/v2/organizations', { tenant })).body.balance).toBe(
      TENANT_WALLET_CENTS + 777,
    );
    expect(await spendable()).toBe(TENANT_WALLET_CENTS + 777);
    expect((await advance(h, transfer.id)).status).toBe(409);
  });

  it.each([
    ['000123450001', 'R01', 'Insufficient funds'],
    ['000123450002', 'R02', 'Account closed'],
    ['000123450003', 'R03', 'No account / unable to locate account'],
  ])('account ending %s fails with %s after pending', async (account, code, message) => {
    const tenant = await h.tenant();
    const transfer = await pay(h, tenant, account);
    await advance(h, transfer.id);
    const failed = await advance(h, transfer.id);
    expect(failed.body.status).toBe('failed');
    expect(failed.body.failure_reason).toEqual({ code, message });
    expect((await h.call('GET', '/v2/organizations', { tenant })).body.balance).toBe(TENANT_WALLET_CENTS + 0);
  });

  it('account ending 0010 completes, then is reversed with R10 and the money goes back', async () => {
    const tenant = await h.tenant();
    const transfer = await pay(h, tenant, '9876543210010', 300);
    await advance(h, transfer.id);
    expect((await advance(h, transfer.id)).body.status).toBe('completed');
    expect((await h.call('GET', '/v2/organizations', { tenant })).body.balance).toBe(
      TENANT_WALLET_CENTS + 300,
    );
    const reversed = await advance(h, transfer.id);
    expect(reversed.body).toMatchObject({
      status: 'reversed',
      failure_reason: { code: 'R10', message: 'Customer advises not authorized' },
    });
    expect((await h.call('GET', '/v2/organizations', { tenant })).body.balance).toBe(TENANT_WALLET_CENTS + 0);
  });

  it('advance: unknown id 404, bad status 400', async () => {
    expect((await advance(h, '3f1d2c4b-0000-4000-8000-000000000000')).status).toBe(404);
    const tenant = await h.tenant();
    const transfer = await pay(h, tenant);
    expect((await advance(h, transfer.id, { status: 'done' })).status).toBe(400);
  });

  it('the settle clock moves each waiting transfer one step per period', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const timed = makeHarness({ settleMs: 0 }, () => clock);
    const tenant = await timed.tenant();
    const ok = await pay(timed, tenant);
    const returned = await pay(timed, tenant, '55550001');
    const db = timed.sandbox.services.db;
    clock += 999;
    expect(settleDue(db, 1000, clock)).toBe(0);
    clock += 1;
    expect(settleDue(db, 1000, clock)).toBe(2);
    clock += 1000;
    expect(settleDue(db, 1000, clock)).toBe(2);
    const status = async (id: string) =>
      (await timed.call('GET', `/v2/transfers/${id}`, { tenant })).body.status;
    expect(await status(ok.id)).toBe('completed');
    expect(await status(returned.id)).toBe('failed');
    clock += 5000;
    expect(settleDue(db, 1000, clock)).toBe(0);
  });
});

describe('GET /v2/transfers', () => {
  it('filters, orders and pages both ways with keyset cursors', async () => {
    let clock = Date.parse('2026-03-01T00:00:00Z');
    const h = makeHarness({}, () => clock);
    const tenant = await h.tenant();
    const other = await h.tenant();
    await pay(h, other);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await pay(h, tenant, '123456789', 100 + i)).id);
      if (i !== 2) clock += 1000; // transfers 2 and 3 share a timestamp: insertion order breaks the tie
    }
    const newestFirst = [...ids].reverse();
    const list = async (query: string) => {
      const answer = await h.call('GET', `/v2/transfers?${query}`, { tenant });
      expect(answer.status, answer.text).toBe(200);
      return {
        ids: answer.body.data.map((t: { id: string }) => t.id) as string[],
        more: answer.body.has_more,
      };
    };
    expect(await list('')).toEqual({ ids: newestFirst, more: false });
    expect(await list('limit=3')).toEqual({ ids: newestFirst.slice(0, 3), more: true });
    expect(await list(`limit=3&starting_after=${newestFirst[2]}`)).toEqual({
      ids: newestFirst.slice(3, 6),
      more: true,
    });
    expect(await list(`limit=3&starting_after=${newestFirst[5]}`)).toEqual({
      ids: newestFirst.slice(6),
      more: false,
    });
    expect(await list(`limit=2&ending_before=${newestFirst[3]}`)).toEqual({
      ids: newestFirst.slice(1, 3),
      more: true,
    });
    expect(await list(`limit=5&ending_before=${newestFirst[2]}`)).toEqual({
      ids: newestFirst.slice(0, 2),
      more: false,
    });
    expect(await list('reverse_order=true&limit=4')).toEqual({ ids: ids.slice(0, 4), more: true });
    expect(await list(`reverse_order=true&starting_after=${ids[3]}`)).toEqual({
      ids: ids.slice(4),
      more: false,
    });
    expect(await list(`reverse_order=true&limit=2&ending_before=${ids[3]}`)).toEqual({
      ids: ids.slice(1, 3),
      more: true,
    });

    await h.call('POST', `/sandbox/transfers/${ids[0]}/advance`, { body: {} });
    expect((await list('status=pending')).ids).toEqual([ids[0]]);
    expect((await list('type=payout')).ids).toEqual([]);
    expect((await list(`user_id=${tenant.users[1]?.id}`)).ids).toEqual([]);
    expect((await list(`user_id=${tenant.users[0]?.id}`)).ids).toHaveLength(7);
    expect((await list('start_date=2026-03-01T00:00:04.000Z&end_date=2026-03-01T00:00:05.000Z')).ids).toEqual(
      [ids[6], ids[5]],
    );
    expect((await list('start_date=2026-03-02')).ids).toEqual([]);
    expect((await list('end_date=2026-03-01')).ids).toHaveLength(7);
  });

  it('refuses bad parameters with 400 at the parameter, and foreign cursors with 403', async () => {
    const h = makeHarness();
    const tenant = await h.tenant();
    const other = await h.tenant();
    const theirs = await pay(h, other);
    for (const [query, path] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['status=done', 'status'],
      ['reverse_order=yes', 'reverse_order'],
      ['start_date=yesterday', 'start_date'],
      ['user_id=123', 'user_id'],
      [`starting_after=${theirs.id}&ending_before=${theirs.id}`, 'ending_before'],
    ]) {
      const answer = await h.call('GET', `/v2/transfers?${query}`, { tenant });
      expect(answer.status, query).toBe(400);
      expect(answer.body.errors[0].path).toBe(path);
    }
    expect((await h.call('GET', '/v2/transfers?limit=1', { tenant })).status).toBe(200);
    expect((await h.call('GET', '/v2/transfers?limit=100', { tenant })).status).toBe(200);
    const foreign = await h.call('GET', `/v2/transfers?starting_after=${theirs.id}`, { tenant });
    expect(foreign.status).toBe(403);
    const read = await h.call('GET', `/v2/transfers/${theirs.id}`, { tenant });
    const unknown = await h.call('GET', '/v2/transfers/3f1d2c4b-0000-4000-8000-000000000000', { tenant });
    expect(read.status).toBe(403);
    expect(read.text).toBe(unknown.text);
  });
});

describe('settle clock backlog', () => {
  it('moves at most one batch per tick, so a backlog never stalls the server', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const timed = makeHarness({}, () => clock);
    const tenant = await timed.tenant();
    for (let i = 0; i < 5; i++) await pay(timed, tenant);
    clock += 1000;
    const db = timed.sandbox.services.db;
    expect(settleDue(db, 1000, clock, 2)).toBe(2);
    expect(settleDue(db, 1000, clock, 2)).toBe(2);
    expect(settleDue(db, 1000, clock, 2)).toBe(1);
    expect(settleDue(db, 1000, clock, 2)).toBe(0);
  });
});
