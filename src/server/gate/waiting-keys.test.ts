import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkRequestEnds } from '../approvals/end-check';
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

  /** What a database writer runs beside the requests: a no-op where no such list of keys is kept. */
  const writeBesideRequests = async (statement: ReturnType<typeof sql>) => {
    try {
      await statement.execute(database.db);
    } catch (error) {
      if (!/approval_request_keys/.test(String(error))) throw error;
    }
  };

  it("keeps a file's keys waiting when the keys written down beside it are deleted in the database", async () => {
    const rows = [payment(user, 600_000), payment(user, 600_000)];
    const submitted = await finance.post('/api/team/approvals', { rows, file_sha256: 'f'.repeat(64) });
    expect(submitted.status).toBe(201);
    await writeBesideRequests(sql`delete from approval_request_keys`);
    for (const row of rows) {
      const alone = await finance.post('/v2/payments', row);
      expect(alone.status).toBe(409);
      expect(alone.body).toMatchObject({
        error_code: 'idempotency-key-waiting',
        request_id: submitted.body.id,
      });
      expect(await transfersOf(row.idempotency_key)).toEqual([]);
    }
  });

  const violationsNaming = async (id: string) =>
    (
      await database.db
        .selectFrom('audit_events')
        .select('targets')
        .where('action', '=', 'integrity.violation')
        .execute()
    ).filter((line) => String(line.targets).includes(id)).length;

  /** A sweep's check of the ends (one page holds every request of this test's database). */
  const checkEveryEnd = () => checkRequestEnds(server.team);

  it.each([
    ['rejected', null],
    ['executed', null],
    ['cancelled', 'f'.repeat(64)],
    ['expired', 'an end of its own'],
  ])(
    'keeps the keys of a waiting payment and file set %s in the database (its end seal %s), and says so in the trail',
    async (ended, endSeal) => {
      const waiting = payment(user, 1_500_000);
      const one = await finance.post('/api/team/approvals', { payment: waiting });
      const rows = [payment(user, 600_000), payment(user, 600_000)];
      const file = await finance.post('/api/team/approvals', { rows, file_sha256: 'a'.repeat(64) });
      expect([one.status, file.status]).toEqual([201, 201]);
      await database.db
        .updateTable('approval_requests')
        .set({ status: ended, end_seal: endSeal })
        .where('id', 'in', [one.body.id, file.body.id])
        .execute();
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // A seal written with the status hides the request from the gate's reads until the sweep checks the ends.
      if (endSeal !== null) {
        expect(await checkEveryEnd()).toEqual(expect.arrayContaining([one.body.id, file.body.id]));
      }
      const direct = await finance.post('/v2/payments', payment(user, 500, waiting.idempotency_key));
      const alone = await finance.post('/v2/payments', rows[1]);
      // A batch's keys are read through the organization's requests at once, not by one key.
      const batch = await finance.post('/v2/payout-batches', {
        items: [0, 1].map((index) => ({
          user_id: user,
          amount: 100,
          platform: 'paypal',
          fund: true,
          idempotency_key: index === 0 ? crypto.randomUUID() : rows[0]?.idempotency_key,
        })),
      });
      error.mockRestore();
      for (const [answer, id] of [
        [direct, one.body.id],
        [alone, file.body.id],
        [batch, file.body.id],
      ] as const) {
        expect(answer.status).toBe(409);
        expect(answer.body).toMatchObject({ error_code: 'idempotency-key-waiting', request_id: id });
      }
      expect(await transfersOf(waiting.idempotency_key)).toEqual([]);
      await server.team.settled();
      expect(await violationsNaming(one.body.id)).toBeGreaterThan(0);
      expect(await violationsNaming(file.body.id)).toBeGreaterThan(0);
    },
  );

  it('frees the keys of a request the server ended (rejected, cancelled by its maker), with no line', async () => {
    const rejected = payment(user, 1_500_000);
    const withdrawn = payment(user, 1_500_000);
    const first = await finance.post('/api/team/approvals', { payment: rejected });
    const second = await finance.post('/api/team/approvals', { payment: withdrawn });
    expect(
      (await admin.post(`/api/team/approvals/${first.body.id}/reject`, { reason: 'Not this one' })).status,
    ).toBe(200);
    expect((await finance.post(`/api/team/approvals/${second.body.id}/withdraw`, {})).status).toBe(200);
    expect((await finance.post('/v2/payments', payment(user, 500, rejected.idempotency_key))).status).toBe(
      201,
    );
    expect((await finance.post('/v2/payments', payment(user, 500, withdrawn.idempotency_key))).status).toBe(
      201,
    );
    await server.team.settled();
    expect(await violationsNaming(first.body.id)).toBe(0);
    expect(await violationsNaming(second.body.id)).toBe(0);
  });

  it('holds no key for a request slipped into the database, and says so in the trail', async () => {
    const key = crypto.randomUUID();
    const org = await database.db
      .selectFrom('members')
      .select(['org_id', 'id'])
      .where('id', '=', (await finance.get('/api/team/session')).body.member.id)
      .executeTakeFirstOrThrow();
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const body = JSON.stringify({ payment: payment(user, 500, key) });
    await database.db
      .insertInto('approval_requests')
      .values({
        id,
        org_id: org.org_id,
        kind: 'payment',
        maker_id: org.id,
        body,
        body_hash: 'forged',
        file_sha256: null,
        amount_cents: 500,
        row_count: 1,
        policy_version: 1,
        approvals_needed: 1,
        status: 'pending',
        result: null,
        warnings: null,
        created_at: now,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        updated_at: now,
        executor_id: null,
        lease_until: null,
        excluded_approvers: null,
        origin: null,
      })
      .execute();
    await writeBesideRequests(
      sql`insert into approval_request_keys (org_id, idempotency_key, request_id) values (${org.org_id}, ${key}, ${id})`,
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const paid = await finance.post('/v2/payments', payment(user, 500, key));
    error.mockRestore();
    expect(paid.status).toBe(201);
    await server.team.settled();
    const lines = await database.db
      .selectFrom('audit_events')
      .select('targets')
      .where('action', '=', 'integrity.violation')
      .execute();
    expect(lines.map((line) => line.targets).join(' ')).toContain(id);
  });

  it('reads a key literally: one waiting with LIKE wildcards in it holds no other key', async () => {
    const waiting = payment(user, 1_500_000, `k_%!${crypto.randomUUID()}`);
    expect((await finance.post('/api/team/approvals', { payment: waiting })).status).toBe(201);
    const lookalike = waiting.idempotency_key.replace('k_%!', 'kx%!');
    expect((await finance.post('/v2/payments', payment(user, 500, lookalike))).status).toBe(201);
    expect((await finance.post('/v2/payments', payment(user, 500, waiting.idempotency_key))).status).toBe(
      409,
    );
  });
});
