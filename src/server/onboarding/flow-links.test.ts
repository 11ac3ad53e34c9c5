import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mailerFrom } from '../mail/mail';
import { ensureOrganization, insertMember } from '../members/members';
import { basic, caller, type MemberCredentials, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { mailFor, smtpServer } from '../test/smtp';

/**
 * An onboarding link that can change where a payee's money goes, against an insider (a support member who makes an
 * existing payee's link, opens it, sets their own PayPal and pays the wallet out to it), on each database: such a link
 * reaches only the payee, by mail; a link its maker could have seen adds a method only under the payee-change rule and
 * pays out only under the approval limit and the maker's day; every form a payee sends is a line of the trail.
 */

type Role = MemberCredentials['role'];
const ACCOUNT = '000123456789';

describe.each(BACKENDS)('onboarding links against an insider on $name', async (backend) => {
  const mail = await smtpServer();
  const database = await backend.open();
  const server = await teamConsole({
    database,
    mailer: mailerFrom({ SMTP_URL: mail.url, MAIL_FROM: 'Console <console@org.example>' }),
    publicOrigin: 'https://console.example',
  });
  afterAll(async () => {
    await server.close();
    await database.close();
    await mail.close();
  });

  async function organization(settings: Record<string, unknown> = {}) {
    const tenant = await server.tenant({ approval_limit_cents: 100_000, ...settings });
    const member = (role: Role) => tenant.members.find((m) => m.role === role) as MemberCredentials;
    const as = async (role: Role) => caller(server.app, await server.signIn(member(role)));
    const orgKey = caller(server.app, basic(tenant.client_id, tenant.api_key));
    const userId = tenant.users[0]?.id ?? '';
    const user = async (id = userId) => (await orgKey.get(`/v2/users/${id}`)).body;
    const methods = async (id = userId) =>
      (await orgKey.get(`/v2/users/${id}/payout-methods`)).body as { email?: string; is_default?: boolean }[];
    /** Money in the user's wallet, from the first app's. */
    const fund = async (cents: number, id = userId) => {
      const moved = await orgKey.post('/v2/transfers', { amount: -cents, user_id: id });
      expect(moved.status, moved.text).toBe(200);
    };
    /** A user a member made, with an address of the member's own. */
    const madeBy = async (who: ReturnType<typeof caller>, email: string) => {
      const made = await who.post('/v2/users', {
        first_name: 'Sam',
        last_name: 'Made',
        email,
        country_code: '1',
        phone_number: `41${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 10)}`,
      });
      expect(made.status, made.text).toBe(201);
      return made.body.id as string;
    };
    return { tenant, member, as, orgKey, userId, user, methods, fund, madeBy };
  }

  /** A flow's page as a browser fills it: its form token read from the page, then the form posted. */
  /** The form of the page the link shows now (its token and step), as a tab that keeps it open has it. */
  async function formOf(path: string) {
    const html = await (await server.app.request(path)).text();
    return {
      csrf: /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '',
      step: /name="step" value="([^"]+)"/.exec(html)?.[1] ?? '',
      html,
    };
  }

  async function submit(path: string, fields: Record<string, string>, kept?: { csrf: string; step: string }) {
    const { csrf, step } = kept ?? (await formOf(path));
    const answer = await server.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, step, ...fields }).toString(),
    });
    return { status: answer.status, text: await answer.text(), step };
  }

  const linkTo = async (address: string) => {
    const message = await mailFor(() => mail.received.find((m) => m.to.includes(address)));
    const url = /(https:\/\/console\.example\/flow\/[\w-]+)/.exec(message.text)?.[1];
    if (!url) throw new Error(`no link in ${message.text}`);
    return { path: new URL(url).pathname, message };
  };

  it("the insider's way: a support member's link for an existing payee that moves money is mailed to the payee, never answered to its maker", async () => {
    const o = await organization();
    const support = await o.as('support');
    const steps = ['manage-payouts', 'payout'];
    // Copied (asked for, or by default): refused at the field that decides it.
    for (const headers of [{ 'X-Console-Delivery': 'copy' }, {}] as Record<string, string>[]) {
      const copied = await support.post('/v2/flows', { user_id: o.userId, steps }, headers);
      expect(copied.status, copied.text).toBe(403);
      expect(copied.body).toMatchObject({ error_code: 'flow-link-by-email' });
      expect(copied.body.errors[0].path).toBe('delivery');
    }
    const mailed = await support.post(
      '/v2/flows',
      { user_id: o.userId, steps },
      { 'X-Console-Delivery': 'email' },
    );
    expect(mailed.status, mailed.text).toBe(200);
    expect(mailed.text).not.toContain('/flow/');
    expect(mailed.body.link).toBeUndefined();
    const email = (await o.user()).email as string;
    expect(mailed.body.delivery).toEqual({ delivery: 'email', to: email });
    const { message } = await linkTo(email);
    expect(message.to).toEqual([email]);
    expect(mail.received.some((m) => m.to.includes(o.member('support').email))).toBe(false);
    // Read again, by anyone: no link.
    for (const role of ['viewer', 'support', 'finance', 'admin'] as Role[]) {
      const reader = await o.as(role);
      expect(JSON.stringify((await reader.get(`/v2/flows?user_id=${o.userId}`)).body)).not.toContain(
        '/flow/',
      );
      expect((await reader.get(`/v2/flows/${mailed.body.id}`)).body.link).toBeUndefined();
    }
    // A link without money steps may still be copied.
    const taxForm = await support.post('/v2/flows', { user_id: o.userId, steps: ['compliance'] });
    expect(taxForm.status).toBe(200);
    expect(taxForm.body.link).toMatch(/\/flow\//);
    expect(taxForm.body.delivery).toEqual({ delivery: 'copy' });
  });

  it('a mailed link for a user id that is none is refused as the service refuses it, never with a 5xx', async () => {
    const o = await organization();
    const support = await o.as('support');
    for (const userId of ['not-a-uuid', '../users']) {
      const answer = await support.post(
        '/v2/flows',
        { user_id: userId, steps: ['manage-payouts'] },
        { 'X-Console-Delivery': 'email' },
      );
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.text).toBeLessThan(500);
    }
  });

  it("the payee's own link: their method and their payout, written down as theirs, no account number in the trail", async () => {
    const o = await organization();
    await o.fund(250_000);
    const support = await o.as('support');
    const made = await support.post(
      '/v2/flows',
      { user_id: o.userId, steps: ['manage-payouts', 'payout'] },
      { 'X-Console-Delivery': 'email' },
    );
    expect(made.status).toBe(200);
    const { path } = await linkTo((await o.user()).email);
    const added = await submit(path, {
      platform: 'ach',
      routing_number: '021000021',
      account_number: ACCOUNT,
      account_number_confirm: ACCOUNT,
      account_type: 'checking',
    });
    expect(added.status, added.text).toBe(303);
    // The payee's own change waits for no one: theirs at once, by default.
    const methods = (await o.orgKey.get(`/v2/users/${o.userId}/payout-methods`)).body as {
      mask?: string;
      is_default?: boolean;
    }[];
    expect(methods.find((m) => m.mask === '6789')?.is_default).toBe(true);
    expect((await (await o.as('admin')).get('/api/team/payee-requests')).body.data).toEqual([]);
    expect((await support.get(`/v2/flows/${made.body.id}`)).body.completed_steps).toEqual(['manage-payouts']);
    // Above the approval limit ($1,000.00), and still the payee's own claim: paid.
    const paid = await submit(path, {});
    expect(paid.step).toBe('payout');
    expect(paid.status, paid.text).toBe(303);
    expect((await o.user()).wallet.amount).toBe(0);
    const admin = await o.as('admin');
    const trail = await admin.get('/api/team/audit?limit=200');
    expect(trail.text).not.toContain(ACCOUNT);
    const lines = (
      trail.body.data as { action: string; role: string; amount_cents: number | null; targets: string }[]
    ).filter((l) => l.action.startsWith('flow.') && l.action !== 'flow.create');
    expect(lines.map((l) => l.action).sort()).toEqual(['flow.payout', 'flow.payout-method']);
    for (const line of lines) {
      expect(line.role).toBe('payee');
      expect(line.targets).toContain(made.body.id);
    }
    expect(lines.find((l) => l.action === 'flow.payout')?.amount_cents).toBe(250_000);
    const rows = await sql`select * from ${sql.table('flow_links')}`.execute(server.team.database.db);
    expect(JSON.stringify(rows.rows)).not.toContain(path.split('/').pop());
  });

  it('a link its maker could have seen adds a method only under the payee-change rule, and pays out only under the limits', async () => {
    const o = await organization();
    const support = await o.as('support');
    // A brand-new payee's link may be copied: its maker holds it.
    const fresh = await support.post(
      '/v2/flows',
      { steps: ['manage-payouts'] },
      { 'X-Console-Delivery': 'copy' },
    );
    expect(fresh.status, fresh.text).toBe(200);
    const path = new URL(fresh.body.link).pathname;
    const details = await submit(path, {
      first_name: 'Sam',
      last_name: 'Self',
      email: `sam.self.${o.tenant.client_id.slice(0, 6)}@example.com`,
      country_code: '1',
      phone_number: `415${String(Date.now()).slice(-7)}`,
    });
    expect(details.status, details.text).toBe(303);
    const held = await submit(path, { platform: 'paypal', paypal_email: 'sam.own@evil.example' });
    expect(held.status).toBe(202);
    expect(held.text).toContain('Waiting for confirmation');
    const flow = (await o.orgKey.get(`/v2/flows/${fresh.body.id}`)).body;
    expect(await o.methods(flow.user_id)).toEqual([]);
    const finance = await o.as('finance');
    const waiting = (await finance.get('/api/team/payee-requests?status=pending')).body.data as {
      id: string;
      after: string;
      proposer: { email: string };
      user_id: string;
    }[];
    const request = waiting.find((r) => r.user_id === flow.user_id);
    expect(request).toMatchObject({
      after: 'PayPal sam.own@evil.example',
      proposer: { email: o.member('support').email },
    });
    expect((await finance.post(`/api/team/payee-requests/${request?.id}/confirm`)).status).toBe(200);
    expect((await o.methods(flow.user_id)).map((m) => m.email)).toEqual(['sam.own@evil.example']);

    // A payee a member made, with an address of their own: a link mailed there is one its maker could have read.
    const mine = `sam.support.${o.tenant.client_id.slice(0, 6)}@example.com`;
    const made = await o.madeBy(support, mine);
    const before = await o.methods(made);
    const mailed = await support.post(
      '/v2/flows',
      { user_id: made, steps: ['manage-payouts', 'payout'] },
      { 'X-Console-Delivery': 'email' },
    );
    expect(mailed.body.delivery).toEqual({ delivery: 'email', to: mine });
    const { path: minePath } = await linkTo(mine);
    expect(
      (await submit(minePath, { platform: 'paypal', paypal_email: 'sam.again@evil.example' })).status,
    ).toBe(202);
    expect(await o.methods(made)).toEqual(before);

    // Its payout step is the maker's money: above the approval limit, nothing is paid.
    await o.fund(150_000, made);
    const payoutOnly = await support.post(
      '/v2/flows',
      { user_id: made, steps: ['payout'] },
      { 'X-Console-Delivery': 'email' },
    );
    expect(payoutOnly.status).toBe(200);
    const messages = () => mail.received.filter((m) => m.to.includes(mine));
    const latest = await mailFor(() => (messages().length >= 2 ? messages().at(-1) : undefined));
    const payoutPath = new URL(/(https:\/\/console\.example\/flow\/[\w-]+)/.exec(latest.text)?.[1] ?? '')
      .pathname;
    const refused = await submit(payoutPath, {});
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Your payout needs approval');
    expect((await o.user(made)).wallet.amount).toBe(150_000);
    const admin = await o.as('admin');
    const lines = (await admin.get('/api/team/audit?action=flow.payout')).body.data as {
      outcome: string;
      amount_cents: number;
    }[];
    expect(lines[0]).toMatchObject({ outcome: 'refused', amount_cents: 150_000 });
  });

  it("a new payee's details given through a link its maker could see are the maker's: a money link mailed there is not the payee's alone", async () => {
    const o = await organization();
    const support = await o.as('support');
    // A link without money, copied: the member opens it and gives their own mailbox as the payee's.
    const copied = await support.post(
      '/v2/flows',
      { steps: ['background-check'] },
      { 'X-Console-Delivery': 'copy' },
    );
    expect(copied.status, copied.text).toBe(200);
    const mine = `pat.support.${o.tenant.client_id.slice(0, 6)}@example.com`;
    const details = await submit(new URL(copied.body.link).pathname, {
      first_name: 'Pat',
      last_name: 'Payee',
      email: mine,
      country_code: '1',
      phone_number: `415${String(Date.now()).slice(-7)}`,
    });
    expect(details.status, details.text).toBe(303);
    const userId = (await o.orgKey.get(`/v2/flows/${copied.body.id}`)).body.user_id as string;
    const noted = await database.db
      .selectFrom('member_set_emails')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(noted.map((n) => n.member_id)).toEqual([o.member('support').id]);
    // A manage-payouts link for that user goes to the member's own mailbox: not the payee's alone, so a method set
    // there waits for a second member.
    const mailed = await support.post(
      '/v2/flows',
      { user_id: userId, steps: ['manage-payouts'] },
      { 'X-Console-Delivery': 'email' },
    );
    expect(mailed.body.delivery).toEqual({ delivery: 'email', to: mine });
    const row = await database.db
      .selectFrom('flow_links')
      .selectAll()
      .where('flow_id', '=', mailed.body.id)
      .executeTakeFirstOrThrow();
    expect(row.payee_only).toBe(0);
    const { path } = await linkTo(mine);
    const kept = await formOf(path);
    expect(
      (await submit(path, { platform: 'paypal', paypal_email: 'pat.own@evil.example' }, kept)).status,
    ).toBe(202);
    expect(await o.methods(userId)).toEqual([]);
    // Opened again, the link offers no second form: it says the method waits.
    const reopened = await formOf(path);
    expect(reopened.html).toContain('Waiting for confirmation');
    expect(reopened.csrf).toBe('');
    // Posted again and again from the page kept open: one request waits, and the page names it.
    for (const n of [1, 2, 3]) {
      const again = await submit(
        path,
        { platform: 'paypal', paypal_email: `pat.own${n}@evil.example` },
        kept,
      );
      expect(again.status).toBe(409);
      expect(again.text).toContain('PayPal pat.own@evil.example');
    }
    const finance = await o.as('finance');
    const waiting = (await finance.get('/api/team/payee-requests?status=pending')).body.data.filter(
      (r: { user_id: string }) => r.user_id === userId,
    );
    expect(waiting).toHaveLength(1);
  });

  it("a new payee's details given through a link its maker could see stay the maker's while the service answers no read of the flow", async () => {
    const o = await organization();
    const support = await o.as('support');
    const copied = await support.post(
      '/v2/flows',
      { steps: ['background-check'] },
      { 'X-Console-Delivery': 'copy' },
    );
    expect(copied.status, copied.text).toBe(200);
    // From the moment the details are sent, every read of a flow fails.
    const faults = async (init: RequestInit, path = '/sandbox/faults') => {
      const answer = await server.app.request(path, init);
      expect(answer.status, await answer.text()).toBeLessThan(300);
    };
    await faults({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: o.tenant.client_id,
        method: 'GET',
        path_prefix: '/v2/flows',
        status: 503,
        times: 1_000,
      }),
    });
    const mine = `pat.unread.${o.tenant.client_id.slice(0, 6)}@example.com`;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const details = await submit(new URL(copied.body.link).pathname, {
      first_name: 'Pat',
      last_name: 'Unread',
      email: mine,
      country_code: '1',
      phone_number: `415${String(Date.now()).slice(-7)}`,
    });
    error.mockRestore();
    expect(details.status, details.text).toBe(303);
    const found = await o.orgKey.get(`/v2/users?search=${encodeURIComponent(mine)}`);
    const users = found.body.data as { id: string; email: string }[];
    const userId = (users.find((u) => u.email === mine) as { id: string }).id;
    const mailLink = async () => {
      const mailed = await support.post(
        '/v2/flows',
        { user_id: userId, steps: ['manage-payouts'] },
        { 'X-Console-Delivery': 'email' },
      );
      expect(mailed.status, mailed.text).toBe(200);
      expect(mailed.body.delivery).toEqual({ delivery: 'email', to: mine });
      return database.db
        .selectFrom('flow_links')
        .selectAll()
        .where('flow_id', '=', mailed.body.id)
        .executeTakeFirstOrThrow();
    };
    // Still unanswered: the link goes to the maker's own mailbox as one they could read, and its method waits.
    expect((await mailLink()).payee_only).toBe(0);
    const { path } = await linkTo(mine);
    expect((await submit(path, { platform: 'paypal', paypal_email: 'pat.unread@evil.example' })).status).toBe(
      202,
    );
    expect(await o.methods(userId)).toEqual([]);
    // The service answers again: the note is placed under the user, and the next link is judged the same.
    await faults({ method: 'DELETE' }, `/sandbox/faults/${o.tenant.client_id}`);
    expect((await mailLink()).payee_only).toBe(0);
    const noted = await database.db
      .selectFrom('member_set_emails')
      .select('member_id')
      .where('user_id', '=', userId)
      .execute();
    expect(noted.map((n) => n.member_id)).toEqual([o.member('support').id]);
  });

  it('below the limit, the payout of a link its maker could have seen is counted on the maker’s day', async () => {
    const o = await organization({ member_daily_limit_cents: 60_000 });
    const support = await o.as('support');
    const mine = `sue.${o.tenant.client_id.slice(0, 6)}@example.com`;
    const made = await o.madeBy(support, mine);
    const method = { platform: 'paypal', email: 'sue.payee@example.com', is_default: true };
    expect((await o.orgKey.put(`/v2/users/${made}/payout-methods`, method)).status).toBe(200);
    await o.fund(50_000, made);
    const first = await support.post(
      '/v2/flows',
      { user_id: made, steps: ['payout'] },
      { 'X-Console-Delivery': 'email' },
    );
    expect(first.status).toBe(200);
    const { path } = await linkTo(mine);
    expect((await submit(path, {})).status).toBe(303);
    expect((await o.user(made)).wallet.amount).toBe(0);
    // A second $500.00 would carry the maker's day to $1,000.00, above its $600.00.
    await o.fund(50_000, made);
    await support.post('/v2/flows', { user_id: made, steps: ['payout'] }, { 'X-Console-Delivery': 'email' });
    const messages = () => mail.received.filter((m) => m.to.includes(mine));
    const second = await mailFor(() => (messages().length >= 2 ? messages().at(-1) : undefined));
    const again = new URL(/(https:\/\/console\.example\/flow\/[\w-]+)/.exec(second.text)?.[1] ?? '').pathname;
    expect((await submit(again, {})).status).toBe(403);
    expect((await o.user(made)).wallet.amount).toBe(50_000);
  });
});

describe('onboarding links upstream, where the service hosts the pages', async () => {
  const ORG = { clientId: 'org-client-flows', apiKey: 'sk_live_flows_key' };
  const arrived: string[] = [];
  const stub = createServer((req, res) => {
    arrived.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        id: '3f1e0c52-5cde-4bd5-9b68-2d0c1a5a2f11',
        email: 'payee@example.com',
        steps: ['compliance'],
        completed_steps: [],
        link: 'https://vendor.example/flow/abc',
      }),
    );
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const upstream = new URL(`http://127.0.0.1:${(stub.address() as AddressInfo).port}`);
  const mail = await smtpServer();
  const server = await teamConsole({
    upstream,
    orgCredentials: ORG,
    mailer: mailerFrom({ SMTP_URL: mail.url }),
  });
  const org = await ensureOrganization(server.team.database.db, {
    clientId: ORG.clientId,
    name: 'Org',
    sandboxApiKey: null,
  });
  const credentials = { email: 'support@org.example', password: 'support-password-long' };
  await insertMember(server.team.database.db, {
    orgId: org.id,
    name: 'Sue',
    role: 'support',
    ...credentials,
  });
  const support = caller(server.app, await server.signIn(credentials));
  afterAll(async () => {
    await server.close();
    stub.close();
    await mail.close();
  });

  it("a new payee's link that moves money is refused (the service's pages would take a method its maker chose); without money it is copied", async () => {
    const before = arrived.length;
    const refused = await support.post(
      '/v2/flows',
      { steps: ['manage-payouts'] },
      { 'X-Console-Delivery': 'copy' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('flow-link-needs-payee');
    const mailed = await support.post(
      '/v2/flows',
      { steps: ['payout'] },
      { 'X-Console-Delivery': 'email', 'X-Console-Deliver-To': 'me@evil.example' },
    );
    expect(mailed.body.error_code).toBe('flow-link-needs-payee');
    expect(arrived.filter((a) => a.startsWith('POST'))).toHaveLength(
      arrived.slice(0, before).filter((a) => a.startsWith('POST')).length,
    );
    const copied = await support.post(
      '/v2/flows',
      { steps: ['compliance'] },
      { 'X-Console-Delivery': 'copy' },
    );
    expect(copied.status).toBe(200);
    expect(copied.body.link).toBe('https://vendor.example/flow/abc');
    // An existing payee's, by mail to their own email: the vendor's link, to them alone.
    const theirs = await support.post(
      '/v2/flows',
      { user_id: '8a1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11', steps: ['manage-payouts'] },
      { 'X-Console-Delivery': 'email' },
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.delivery).toEqual({ delivery: 'email', to: 'payee@example.com' });
    const message = await mailFor(() => mail.received.find((m) => m.to.includes('payee@example.com')));
    expect(message.text).toContain('https://vendor.example/flow/abc');
  });
});
