import { describe, expect, it } from 'vitest';
import { totpCode } from '../identity/totp';
import { ensureOrganization, insertMember } from '../members/members';
import { caller, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { sandboxUpstream } from '../test/upstream';

/**
 * The rules of bills upstream, where the service is not the sandbox the console knows. An admin links a member to an AP user, and with one admin that applies at once: the same person could make
 * a bill as one AP user, approve it as a second and pay it as a third. On SQLite and PostgreSQL, the rules of bills
 * compare the members behind the AP users: no one approves a bill they made or approved already, or pays one only
 * they approved, as whichever AP user. And a body the rules must read and cannot is refused, never sent on for the
 * service to take: a service that took it would have changed a vendor's bank details or a policy unjudged.
 */
const AP = '/v2/accounts-payable';
const TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

async function upstreamTeam(backend: (typeof BACKENDS)[number]) {
  const service = await sandboxUpstream(
    ['one', 'two', 'three', 'four'].map((n) => ({
      email: `${n}@books.example`,
      name: `AP ${n}`,
      role: 'admin',
    })),
  );
  const { made, writes } = service;
  const database = await backend.open();
  const console_ = await teamConsole({
    upstream: service.url,
    orgCredentials: service.orgCredentials,
    database,
  });
  const db = database.db;
  const org = await ensureOrganization(db, { clientId: made.client_id, name: 'O', sandboxApiKey: null });
  const ids: Record<string, string> = {};
  const signedIn = async (name: string, role: 'admin' | 'finance') => {
    const row = await insertMember(db, {
      orgId: org.id,
      email: `${name}@team.example`,
      name,
      role,
      password: `${name}-password`,
      totpSecret: TOTP,
    });
    ids[name] = row.id;
    return caller(
      console_.app,
      await console_.signIn({
        email: `${name}@team.example`,
        password: `${name}-password`,
        totp: totpCode(TOTP),
      }),
    );
  };
  const admin = await signedIn('admin', 'admin');
  const finance = await signedIn('finance', 'finance');
  const approvers = (await admin.get(`${AP}/approvers`)).body as { id: number; email: string }[];
  const ap = (n: string) => (approvers.find((a) => a.email === `${n}@books.example`) as { id: number }).id;
  // The one admin links alone (a team of one admin has no second to wait for).
  const link = async (member: string, apUser: string) => {
    const linked = await admin.put(`/api/team/ap-users/${ids[member]}`, { ap_user_id: ap(apUser) });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  };
  // One policy for every bill: a single step of AP users two, three and four, `required` of them.
  const onlyPolicy = async (required: number) => {
    for (const policy of (await admin.get(`${AP}/approval-policies`)).body as { id: string }[]) {
      expect((await admin.delete(`${AP}/approval-policies/${policy.id}`)).status).toBe(200);
    }
    const policy = await admin.post(`${AP}/approval-policies`, {
      payable_conditions: [{ type: 'amount', comparator: '>=', value: 1 }],
      approval_conditions: [
        { approver_list: [ap('two'), ap('three'), ap('four')], num_approvals_required: required },
      ],
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  };
  const vendors = (await admin.get(`${AP}/vendors?limit=100`)).body.data as { id: string; name: string }[];
  const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
  const method = (await admin.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body[0] as { id: string };
  // Approvals above $1,000.00, set once the vendor's method is there.
  const policy = await admin.put('/api/team/policy', {
    enabled: true,
    limit_cents: 100_000,
    approvals_needed: 1,
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(200);
  const bill = async (by: ReturnType<typeof caller>, amount: number) => {
    const made = await by.post(`${AP}/payables`, {
      number: `S-${crypto.randomUUID().slice(0, 8)}`,
      ap_vendor_id: vendor.id,
      ap_payment_method_id: method.id,
      amount,
      funding_source: 'dots_balance',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await by.post(`${AP}/payables/${made.body.id}/submit-for-approval`, {})).status).toBe(200);
    return made.body.id as string;
  };
  const close = async () => {
    await console_.close();
    await database.close();
    await service.close();
  };
  return { admin, finance, db, ids, ap, link, onlyPolicy, bill, close, writes, vendor, console_ };
}

describe.each(BACKENDS)('one member behind several AP users, upstream, on $name', (backend) => {
  it('refuses the maker approving their bill, or approving twice, as another AP user', async () => {
    const { admin, finance, db, ids, link, onlyPolicy, bill, close } = await upstreamTeam(backend);
    try {
      await onlyPolicy(2);
      await link('admin', 'one');
      const own = await bill(admin, 500_000);
      await link('admin', 'two');
      const approved = await admin.post(`${AP}/payables/${own}/approve`, {});
      expect(approved.status).toBe(403);
      expect(approved.body.error_code).toBe('own-bill');
      const rejected = await admin.post(`${AP}/payables/${own}/reject`, { comment: 'not mine' });
      expect(rejected.body.error_code).toBe('own-bill');
      expect((await admin.get(`${AP}/payables/${own}`)).body.status).toBe('submitted_for_approval');

      // Finance's bill wants two of the step's approvers: the admin gives one, and is not a second as another.
      await link('finance', 'one');
      const theirs = await bill(finance, 500_000);
      await link('admin', 'two');
      expect((await admin.post(`${AP}/payables/${theirs}/approve`, {})).status).toBe(200);
      await link('admin', 'three');
      const again = await admin.post(`${AP}/payables/${theirs}/approve`, {});
      expect(again.status).toBe(403);
      expect(again.body.error_code).toBe('one-step-each');
      const after = (await admin.get(`${AP}/payables/${theirs}`)).body;
      expect(after.status).toBe('submitted_for_approval');

      // A note of who made a bill, changed in the database (to another member), does not verify: the bill is not
      // decided through the console, and the trail says so.
      await db
        .updateTable('ap_bill_creations')
        .set({ member_id: ids.finance as string })
        .where('bill_id', '=', own)
        .execute();
      const forged = await admin.post(`${AP}/payables/${own}/approve`, {});
      expect(forged.status).toBe(409);
      expect(forged.body.error_code).toBe('bill-creation-changed');
      expect(
        (await admin.get('/api/team/audit?action=integrity.violation')).body.data.length,
      ).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('refuses paying above the limit a bill whose only approval is the payer’s, given as another AP user', async () => {
    const { admin, finance, link, onlyPolicy, bill, close } = await upstreamTeam(backend);
    try {
      await onlyPolicy(1);
      await link('finance', 'one');
      const made = await bill(finance, 500_000);
      await link('admin', 'two');
      const approved = await admin.post(`${AP}/payables/${made}/approve`, {});
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body.status).toBe('approved');
      // The approver links themself anew and pays: their own approval is not a second person's.
      await link('admin', 'four');
      const paid = await admin.post(`${AP}/payables/${made}/pay`, {});
      expect(paid.status).toBe(403);
      expect(paid.body.error_code).toBe('second-person-required');
      expect((await admin.get(`${AP}/payables/${made}`)).body.status).toBe('approved');
      // Its maker pays it: the admin's approval is someone else's, and it is paid once.
      const byMaker = await finance.post(`${AP}/payables/${made}/pay`, {});
      expect(byMaker.status, JSON.stringify(byMaker.body)).toBe(200);
      expect(byMaker.body.status).toMatch(/^payment_/);
    } finally {
      await close();
    }
  });

  it('makes, approves and pays no bill alone by deleting the notes of who made and approved it: a line, the reason said', async () => {
    const { admin, finance, db, link, onlyPolicy, bill, close } = await upstreamTeam(backend);
    const violations = async () =>
      (await admin.get('/api/team/audit?action=integrity.violation')).body.data as { detail: string }[];
    try {
      await onlyPolicy(1);
      // The insider's way: made as one AP user, its note deleted, approved as another, that note deleted, the approving
      // AP user linked to the finance member and the admin to a third, then paid as if finance had approved it.
      await link('admin', 'one');
      const made = await bill(admin, 500_000);
      await db.deleteFrom('ap_bill_creations').where('bill_id', '=', made).execute();
      await link('admin', 'two');
      const approved = await admin.post(`${AP}/payables/${made}/approve`, {});
      expect(approved.status).toBe(409);
      expect(approved.body.error_code).toBe('bill-record-missing');
      expect(approved.body.message).toContain('record is gone');
      expect((await admin.get(`${AP}/payables/${made}`)).body.status).toBe('submitted_for_approval');
      expect((await violations()).map((v) => v.detail).join(' ')).toContain('ap_bill_creations');

      // An approval's note deleted: the maker would pay on the approval of whoever is linked to its AP user now.
      await link('finance', 'one');
      const theirs = await bill(finance, 500_000);
      await link('admin', 'two');
      expect((await admin.post(`${AP}/payables/${theirs}/approve`, {})).status).toBe(200);
      await db.deleteFrom('ap_bill_approvals').where('bill_id', '=', theirs).execute();
      const paid = await finance.post(`${AP}/payables/${theirs}/pay`, {});
      expect(paid.status).toBe(409);
      expect(paid.body.error_code).toBe('bill-record-missing');
      expect((await admin.get(`${AP}/payables/${theirs}`)).body.status).toBe('approved');
      expect((await violations()).map((v) => v.detail).join(' ')).toContain('ap_bill_approvals');
      const trail = (await admin.get('/api/team/audit?action=bill.pay')).body.data as {
        outcome: string;
        status: number;
      }[];
      expect(trail[0]).toMatchObject({ status: 409 });
    } finally {
      await close();
    }
  });

  it('sends on no vendor method or policy that the rules cannot read', async () => {
    const { admin, finance, vendor, writes, close } = await upstreamTeam(backend);
    try {
      const policies = (await admin.get(`${AP}/approval-policies`)).body as { id: string }[];
      const before = writes.length;
      const refused = [
        await finance.post(`${AP}/vendors/${vendor.id}/payment-methods`, {
          name: 'New account',
          ach_account_number: '000111112222',
          ach_routing_number: '021000021',
          ach_account_type: 'savings',
          deliver_to: 'elsewhere',
        }),
        await admin.post(`${AP}/approval-policies`, {
          payable_conditions: [{ type: 'amount', comparator: '>=', value: 'a lot' }],
          approval_conditions: [],
        }),
        await admin.patch(`${AP}/approval-policies/${policies[0]?.id}`, { priority: 'first' }),
        await admin.patch(`${AP}/approval-policies/${crypto.randomUUID()}`, { priority: 1 }),
      ];
      expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 403]);
      expect(writes.slice(before)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('sends no pay of a bill not approved, counts no approval it cannot name, and reads a bad id as none', async () => {
    const { admin, finance, db, link, onlyPolicy, bill, writes, close } = await upstreamTeam(backend);
    try {
      await onlyPolicy(1);
      await link('finance', 'one');
      const made = await bill(finance, 500_000);
      // Paid while it waits: refused here, never sent (approved at the service a moment later, it would be paid past
      // every rule).
      const before = writes.length;
      const early = await finance.post(`${AP}/payables/${made}/pay`, {});
      expect(early.status).toBe(409);
      expect(early.body.error_code).toBe('invalid-status-transition');
      expect(writes.slice(before)).toEqual([]);
      // The admin approves as AP user two, links themself to four, and deletes the note of their approval: the trail
      // shows an approval the console forwarded with no note of it, so the bill is not paid at all.
      await link('admin', 'two');
      expect((await admin.post(`${AP}/payables/${made}/approve`, {})).status).toBe(200);
      await link('admin', 'four');
      await db.deleteFrom('ap_bill_approvals').where('bill_id', '=', made).execute();
      const paid = await admin.post(`${AP}/payables/${made}/pay`, {});
      expect(paid.status).toBe(409);
      expect(paid.body.error_code).toBe('bill-record-missing');
      // The bill's id spelled otherwise (no hyphens, upper case, a letter more), which a service reading ids loosely
      // could take as the bill: refused, never sent unjudged.
      const sent = writes.length;
      for (const id of [made.replaceAll('-', ''), made.toUpperCase(), `${made}x`]) {
        for (const [path, body] of [
          [`${AP}/payables/${id}/approve`, {}],
          [`${AP}/payables/${id}/pay`, {}],
        ] as const) {
          expect([400, 403], path).toContain((await admin.post(path, body)).status);
        }
        expect([400, 403]).toContain((await admin.patch(`${AP}/payables/${id}`, { amount: 1 })).status);
      }
      // An action spelled with a suffix is none of the routes: not sent, even for an admin.
      for (const suffix of [';x', '.json', '%3Bx']) {
        expect((await admin.post(`${AP}/payables/${made}/approve${suffix}`, {})).status, suffix).toBe(404);
      }
      expect(writes.slice(sent)).toEqual([]);
      // Thirty-six characters of an id's alphabet that are no id: not there, never a 5xx.
      for (const id of ['------------------------------------', '0123456789abcdef0123456789abcdef0123']) {
        for (const path of [`${AP}/payables/${id}/pay`, `${AP}/payables/${id}/approve`]) {
          const answer = await admin.post(path, {});
          expect(answer.status, path).toBe(403);
        }
        expect((await admin.post(`${AP}/vendors/${id}/payment-methods`, {})).status).toBe(403);
      }
    } finally {
      await close();
    }
  });
});
