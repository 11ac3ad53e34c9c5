import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { transactionResponse, transferResponse } from './routes/transfer-schemas';
import { makeHarness } from './test/harness';

/** The documented shape with no room for extra keys, at every level that has keys of its own. */
const strictTransfer = transferResponse
  .extend({
    external_data: transferResponse.shape.external_data.strict(),
    transactions: z.array(transactionResponse.strict()),
    status_history: z.array(z.object({ status: z.string(), at: z.iso.datetime() }).strict()),
    failure_reason: z.object({ code: z.string(), message: z.string() }).strict().nullable(),
  })
  .strict();

/** A payment by a user: no customer and no payout link, so those keys are left out (never null). */
const KEY_ORDER = [
  'id',
  'created',
  'user_id',
  'status',
  'type',
  'amount',
  'external_data',
  'transactions',
  'metadata',
  'status_history',
  'failure_reason',
];

const metadata = {
  note: 'Ünïcödé ✓ "quoted" <b>',
  nested: { list: [1, 2.5, -0.125, true, null, 'x'], empty: {} },
  big: 9007199254740991,
};

describe('a transfer as JSON (composed by the store)', () => {
  const h = makeHarness();

  it('has the documented shape and key order, metadata intact, in every answer that carries it', async () => {
    const tenant = await h.tenant();
    const created = await h.pay(tenant, '123456789', { metadata });
    expect(Object.keys(created)).toEqual(KEY_ORDER);
    expect(strictTransfer.parse(created)).toBeTruthy();
    expect(created.metadata).toEqual(metadata);
    // A payment's line is written with it: the answer carries it at once (counted, not yet spendable).
    expect(created.transactions).toHaveLength(1);
    expect(created.transactions[0]).toMatchObject({ amount: 1234, metadata, transfer_id: created.id });
    expect(created.status_history).toEqual([{ status: 'created', at: created.created }]);
    expect(created.failure_reason).toBeNull();
    expect(created).not.toHaveProperty('payout_link_id');
    expect(created.external_data).toEqual({
      account_id: expect.any(String),
      external_id: expect.any(String),
      platform: 'ach',
      account_mask: '6789',
      account_type: 'checking',
    });

    const read = await h.call('GET', `/v2/transfers/${created.id}`, { tenant });
    expect(read.body).toEqual(created);
    const list = await h.call('GET', '/v2/transfers?limit=100', { tenant });
    expect(list.body.data.find((t: { id: string }) => t.id === created.id)).toEqual(created);

    for (let step = 0; step < 2; step++)
      await h.call('POST', `/sandbox/transfers/${created.id}/advance`, { body: {} });
    const completed = (await h.call('GET', `/v2/transfers/${created.id}`, { tenant })).body;
    expect(strictTransfer.parse(completed)).toBeTruthy();
    expect(completed.transactions).toHaveLength(1);
    expect(completed.transactions[0]).toMatchObject({
      amount: 1234,
      metadata,
      transfer_id: created.id,
      wallet: { type: 'app', id: tenant.apps[0]?.id },
    });
  });

  it('without metadata says null; a failed one carries its reason and full history', async () => {
    const tenant = await h.tenant();
    const plain = await h.pay(tenant, '123456789');
    expect(plain.metadata).toBeNull();
    for (let step = 0; step < 2; step++)
      await h.call('POST', `/sandbox/transfers/${plain.id}/advance`, { body: {} });
    const settled = (await h.call('GET', `/v2/transfers/${plain.id}`, { tenant })).body;
    expect(settled.transactions[0].metadata).toBeNull();

    // A test account ending 0001 fails with R01 when it settles (docs/sandbox.md: "Test bank accounts").
    const failing = await h.pay(tenant, '000000001');
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

  it('gives back any JSON metadata as it was sent, in the answer, a read and a list', async () => {
    const tenant = await h.tenant();
    const awkward = {
      ...metadata,
      controls: '\u0000\u0008\t\n\u001f\u007f\u2028 😀',
      numbers: [0, 1e21, 1.5e-7, 123456789.125],
      '10': 'an index key',
      '': 'the empty key',
    };
    for (const sent of [awkward, [], 'text', { nested: [{ deep: { deeper: [null] } }] }]) {
      const created = await h.pay(tenant, '123456789', { metadata: sent });
      expect(created.metadata).toEqual(sent);
      expect((await h.call('GET', `/v2/transfers/${created.id}`, { tenant })).body.metadata).toEqual(sent);
    }
  });
});
