import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CreatedTenant } from './domain/tenant-factory';
import { transactionResponse, transferResponse } from './routes/transfer-schemas';
import { type Harness, makeHarness } from './test/harness';

/** The documented shape with no room for extra keys, at every level that has keys of its own. */
const strictTransfer = transferResponse
  .extend({
    external_data: transferResponse.shape.external_data.strict(),
    transactions: z.array(transactionResponse.strict()),
    status_history: z.array(z.object({ status: z.string(), at: z.iso.datetime() }).strict()),
    failure_reason: z.object({ code: z.string(), message: z.string() }).strict().nullable(),
  })
  .strict();

const KEY_ORDER = [
  'id',
  'created',
  'user_id',
  'customer_id',
  'status',
  'type',
  'amount',
  'external_data',
  'transactions',
  'payout_link_id',
  'metadata',
  'status_history',
  'failure_reason',
];

const metadata = {
  note: 'Ünïcödé ✓ "quoted" <b>',
  nested: { list: [1, 2.5, -0.125, true, null, 'x'], empty: {} },
  big: 9007199254740991,
};

async function pay(h: Harness, tenant: CreatedTenant, accountNumber: string, extra: object = {}) {
  const answer = await h.call('POST', '/v2/payments', {
    tenant,
    body: {
      amount: 1234,
      platform: 'ach',
      user_id: tenant.users[0]?.id,
      ach_info: { account_number: accountNumber, routing_number: '021000021' },
      ...extra,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('a transfer as JSON (composed by the store)', () => {
  const h = makeHarness();

  it('has the documented shape and key order, metadata intact, in every answer that carries it', async () => {
    const tenant = await h.tenant();
    const created = await pay(h, tenant, '123456789', { metadata });
    expect(Object.keys(created)).toEqual(KEY_ORDER);
    expect(strictTransfer.parse(created)).toBeTruthy();
    expect(created.metadata).toEqual(metadata);
    expect(created.transactions).toHaveLength(1);
    expect(created.transactions[0]).toMatchObject({ amount: 1234, metadata, transfer_id: created.id });
    expect(created.status_history).toEqual([{ status: 'created', at: created.created }]);
    expect(created.failure_reason).toBeNull();
    expect(created.payout_link_id).toBeNull();

    const read = await h.call('GET', `/v2/transfers/${created.id}`, { tenant });
    expect(read.body).toEqual(created);
    const list = await h.call('GET', '/v2/transfers?limit=100', { tenant });
    expect(list.body.data.find((t: { id: string }) => t.id === created.id)).toEqual(created);
  });

  it('without metadata says null; a failed one carries its reason and full history', async () => {
    const tenant = await h.tenant();
    const plain = await pay(h, tenant, '123456789');
    expect(plain.metadata).toBeNull();
    expect(plain.transactions[0].metadata).toBeNull();

    // A test account ending 0001 fails with R01 when it settles (README: "Test bank accounts").
    const failing = await pay(h, tenant, '000000001');
    for (let step = 0; step < 2; step++)
      await h.call('POST', `/sandbox/transfers/${failing.id}/advance`, { body: {} });
    const failed = await h.call('GET', `/v2/transfers/${failing.id}`, { tenant });
    expect(strictTransfer.parse(failed.body)).toBeTruthy();
    expect(failed.body.failure_reason).toEqual({ code: 'R01', message: 'Insufficient funds' });
    expect(failed.body.status_history.map((s: { status: string }) => s.status)).toEqual([
      'created',
      'pending',
      'failed',
    ]);
  });
});
