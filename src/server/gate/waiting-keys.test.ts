import { afterAll, describe, expect, it } from 'vitest';
import { teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { achPayment, tenantOf } from '../test/tenants';

/**
 * A request waiting for approval is paid by its approval, not around it: a direct /v2 payment that carries the
 * idempotency key of one of its bodies is refused with 409 at the gate, whatever its amount.
 */

const payment = achPayment;

describe.each(BACKENDS)('an idempotency key of a waiting request on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  // Approvals above $10,000.00.
  const { as, user } = await tenantOf(server, { approval_limit_cents: 1_000_000 });
  const finance = await as('finance');
  const admin = await as('admin');
  const transfersOf = async (key: string) =>
    (
      (await finance.get('/v2/transfers?limit=100')).body.data as { metadata?: Record<string, string> }[]
    ).filter((t) => t.metadata?.console_request_id === key);

  it('refuses a direct payment with the key of a waiting payment, and takes the key again once it was rejected', async () => {
    const waiting = payment(user, 1_500_000);
    const submitted = await finance.post('/api/team/approvals', { payment: waiting });
    expect(submitted.status).toBe(201);
    for (const direct of [payment(user, 500, waiting.idempotency_key), waiting]) {
      const refused = await finance.post('/v2/payments', direct);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error_code: 'idempotency-key-waiting',
        request_id: submitted.body.id,
      });
    }
    // An admin is refused the same way: no one pays a waiting request alone.
    expect((await admin.post('/v2/payments', payment(user, 500, waiting.idempotency_key))).status).toBe(409);
    expect(await transfersOf(waiting.idempotency_key)).toEqual([]);
    const trail = await admin.get('/api/team/audit?action=payment.create');
    expect(trail.body.data[0]).toMatchObject({ outcome: 'refused', status: 409 });

    expect(
      (await admin.post(`/api/team/approvals/${submitted.body.id}/reject`, { reason: 'Not this one' }))
        .status,
    ).toBe(200);
    expect((await finance.post('/v2/payments', payment(user, 500, waiting.idempotency_key))).status).toBe(
      201,
    );
  });

  it('refuses a file row sent alone while its file waits, and lets other keys through', async () => {
    const rows = [payment(user, 600_000), payment(user, 600_000)];
    const submitted = await finance.post('/api/team/approvals', { rows, file_sha256: 'e'.repeat(64) });
    expect(submitted.status).toBe(201);
    const row = rows[1] as ReturnType<typeof payment>;
    const alone = await finance.post('/v2/payments', row);
    expect(alone.status).toBe(409);
    expect(alone.body.error_code).toBe('idempotency-key-waiting');
    expect(await transfersOf(row.idempotency_key)).toEqual([]);
    expect((await finance.post('/v2/payments', payment(user, 600_000))).status).toBe(201);
  });
});
