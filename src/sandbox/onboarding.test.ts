import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreatedTenant } from './domain/tenant-factory';
import { businessCompliance, newUserBody, W9_INDIVIDUAL } from './onboarding-fixtures';
import { type Harness, makeHarness } from './test/harness';

/** Onboarding as the vendor's document has it: users, verification, tax forms, flows, customers, apps. */

const LOCK_MS = 60_000;
let clock = Date.parse('2026-03-02T10:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'onboarding-'));
const h: Harness = makeHarness({ dbFile: join(dir, 'sandbox.db'), verificationLockMs: LOCK_MS }, () => clock);
afterAll(() => {
  h.sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function newUser(tenant: CreatedTenant, extra: object = {}) {
  const answer = await h.call('POST', '/v2/users', { tenant, body: newUserBody(extra) });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
}

/** The token a flow's link carries (its last segment). */
const tokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? '';
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

async function page(link: string) {
  const url = new URL(link);
  const response = await h.sandbox.app.request(url.pathname);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

async function post(link: string, fields: Record<string, string>) {
  const url = new URL(link);
  const response = await h.sandbox.app.request(url.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, text: await response.text(), location: response.headers.get('location') };
}

describe('users', () => {
  it('creates a user; a taken email or phone is refused at its field (409), a deleted user frees them', async () => {
    const tenant = await h.tenant();
    const body = newUserBody({ metadata: { ticket: 'T-1' } });
    const made = await h.call('POST', '/v2/users', { tenant, body });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ email: body.email, status: 'unverified', metadata: { ticket: 'T-1' } });
    const again = await h.call('POST', '/v2/users', {
      tenant,
      body: { ...newUserBody(), email: body.email.toUpperCase(), phone_number: body.phone_number },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors.map((e: { path: string }) => e.path)).toEqual(['email', 'phone_number']);
    const bad = await h.call('POST', '/v2/users', {
      tenant,
      body: { ...newUserBody(), phone_number: '+1 415' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('phone_number');
    expect((await h.call('DELETE', `/v2/users/${made.body.id}`, { tenant })).status).toBe(200);
    expect((await h.call('GET', `/v2/users/${made.body.id}`, { tenant })).status).toBe(403);
    expect((await h.call('POST', '/v2/users', { tenant, body })).status).toBe(201);
  });

  it('updates: a default payout method must be one the user has; auto payout, birth date, metadata', async () => {
    const tenant = await h.tenant();
    const user = await newUser(tenant);
    const none = await h.call('PATCH', `/v2/users/${user.id}`, {
      tenant,
      body: { default_payout_method: 'venmo' },
    });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].path).toBe('default_payout_method');
    await h.call('PUT', `/v2/users/${user.id}/payout-methods`, {
      tenant,
      body: { platform: 'paypal', email: 'a@example.com' },
    });
    await h.call('PUT', `/v2/users/${user.id}/payout-methods`, {
      tenant,
      body: { platform: 'venmo', handle: 'rae' },
    });
    const changed = await h.call('PATCH', `/v2/users/${user.id}`, {
      tenant,
      body: {
        default_payout_method: 'venmo',
        auto_payout_enabled: true,
        date_of_birth: '1990-01-02',
        metadata: { a: 1 },
      },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      default_payout_method: 'venmo',
      auto_payout_enabled: true,
      date_of_birth: '1990-01-02',
      metadata: { a: 1 },
    });
  });

  it('a delete is refused while money waits in the wallet or a transfer is on its way', async () => {
    const tenant = await h.tenant();
    const [first, second] = tenant.users;
    // A payout without fund goes from the user's wallet: give the second one money by a funded payout first.
    const payout = await h.call('POST', '/v2/payouts', {
      tenant,
      body: {
        user_id: second?.id,
        amount: 500,
        platform: 'paypal',
        fund: true,
        idempotency_key: crypto.randomUUID(),
      },
    });
    expect(payout.status, payout.text).toBe(201);
    const pending = await h.call('DELETE', `/v2/users/${second?.id}`, { tenant });
    expect(pending.status).toBe(409);
    expect(pending.body.error_code).toBe('user-has-pending-transfers');
    expect(first).toBeDefined();
  });

  it('verification: a 6-digit code shown only by the helper; five wrong codes lock it for the window', async () => {
    const tenant = await h.tenant();
    const user = await newUser(tenant);
    // Before any code was sent: refused at the field, and no attempt is spent.
    for (let i = 0; i < 6; i++) {
      const early = await h.call('POST', `/v2/users/${user.id}/verify`, {
        tenant,
        body: { token: '123456' },
      });
      expect(early.status).toBe(400);
      expect(early.body.errors[0]).toEqual({
        path: 'token',
        message: 'No code was sent yet: send one first',
      });
    }
    const sent = await h.call('POST', `/v2/users/${user.id}/send-verification-token`, {
      tenant,
      body: { use_voice: true },
    });
    expect(sent.status).toBe(202);
    expect(sent.text).toBe('');
    const { code } = (await h.call('GET', `/sandbox/users/${user.id}/verification-code`)).body;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const answer = await h.call('POST', `/v2/users/${user.id}/verify`, { tenant, body: { token: wrong } });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].message).toContain(`${5 - i} attempt(s) left`);
      expect(answer.text).not.toContain(code);
    }
    const fifth = await h.call('POST', `/v2/users/${user.id}/verify`, { tenant, body: { token: wrong } });
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe(String(LOCK_MS / 1000));
    // Locked: even a new code cannot be asked for, and the right one is refused.
    expect((await h.call('POST', `/v2/users/${user.id}/send-verification-token`, { tenant })).status).toBe(
      429,
    );
    expect(
      (await h.call('POST', `/v2/users/${user.id}/verify`, { tenant, body: { token: code } })).status,
    ).toBe(429);
    clock += LOCK_MS;
    expect((await h.call('POST', `/v2/users/${user.id}/send-verification-token`, { tenant })).status).toBe(
      202,
    );
    const fresh = (await h.call('GET', `/sandbox/users/${user.id}/verification-code`)).body.code;
    expect(
      (await h.call('POST', `/v2/users/${user.id}/verify`, { tenant, body: { token: fresh } })).status,
    ).toBe(200);
    expect((await h.call('GET', `/v2/users/${user.id}`, { tenant })).body.status).toBe('verified');
  });

  it('a tax form: the TIN is checked for shape, never answered and never stored whole', async () => {
    const tenant = await h.tenant();
    const user = await newUser(tenant);
    const badTin = await h.call('PUT', `/v2/users/${user.id}/compliance`, {
      tenant,
      body: { w9: { ...W9_INDIVIDUAL.w9, tin: '666121234' } },
    });
    expect(badTin.status).toBe(400);
    expect(badTin.body.errors).toEqual([{ path: 'w9.tin', message: 'Not a valid SSN or ITIN' }]);
    expect(badTin.text).not.toContain('666121234');
    const tin = '521874963';
    const ok = await h.call('PUT', `/v2/users/${user.id}/compliance`, {
      tenant,
      body: { w9: { ...W9_INDIVIDUAL.w9, tin } },
    });
    expect(ok.status).toBe(200);
    const read = await h.call('GET', `/v2/users/${user.id}`, { tenant });
    expect(read.body.compliance).toMatchObject({
      tax_id_collected: true,
      tax_id_verification: 'pending',
      w9: { entity_type: 'individual', tin_last4: '4963' },
    });
    for (const answer of [ok, read, await h.call('GET', '/v2/users?limit=100', { tenant })]) {
      expect(answer.text).not.toContain(tin);
    }
    h.sandbox.services.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const file of readdirSync(dir)) {
      expect(readFileSync(join(dir, file)).includes(tin), file).toBe(false);
    }
  });
});

describe('hosted flows', () => {
  it('a payee adds a PayPal and completes a W-9 through the pages; completed_steps grows; then the redirect', async () => {
    const tenant = await h.tenant();
    const user = await newUser(tenant);
    const made = await h.call('POST', '/v2/flows', {
      tenant,
      body: {
        user_id: user.id,
        steps: [
          { name: 'redirect', redirect_url: 'https://example.com/done' },
          'manage-payouts',
          'compliance',
        ],
      },
    });
    expect(made.status, made.text).toBe(200);
    const flow = made.body;
    expect(flow).toMatchObject({
      user_id: user.id,
      steps: ['manage-payouts', 'compliance', 'redirect'],
      completed_steps: [],
    });
    expect(Date.parse(flow.expires_at) - clock).toBe(15 * 60 * 1000);
    expect(tokenOf(flow.link)).not.toContain(flow.id);
    expect(tokenOf(flow.link).length).toBeGreaterThanOrEqual(22);

    const first = await page(flow.link);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-security-policy')).toContain("style-src 'self'");
    expect(first.headers.get('content-security-policy')).not.toContain('script-src');
    expect(first.text).toContain('Where your money goes');
    expect(first.text).not.toContain('<script');
    const csrf = csrfOf(first.text);

    // Without the page's token: refused, nothing changes.
    const forged = await post(flow.link, {
      step: 'manage-payouts',
      platform: 'paypal',
      paypal_email: 'evil@example.com',
    });
    expect(forged.status).toBe(403);
    const invalid = await post(flow.link, {
      csrf,
      step: 'manage-payouts',
      platform: 'paypal',
      paypal_email: 'nope',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toMatch(/aria-invalid="true"/);
    expect(invalid.text).toContain('value="nope"');

    const paypal = await post(flow.link, {
      csrf,
      step: 'manage-payouts',
      platform: 'paypal',
      paypal_email: 'rae@example.com',
    });
    expect(paypal.status).toBe(303);
    expect((await h.call('GET', `/v2/flows/${flow.id}`, { tenant })).body.completed_steps).toEqual([
      'manage-payouts',
    ]);
    const methods = (await h.call('GET', `/v2/users/${user.id}/payout-methods`, { tenant })).body;
    expect(methods).toEqual([
      expect.objectContaining({ platform: 'paypal', email: 'rae@example.com', is_default: true }),
    ]);

    const second = await page(flow.link);
    expect(second.text).toContain('Your tax form (W-9)');
    const tin = '432187659';
    const badTin = await post(flow.link, {
      csrf,
      step: 'compliance',
      entity_type: 'individual',
      first_name: 'Rae',
      last_name: 'Payee',
      date_of_birth: '1990-04-01',
      tin: '000000000',
      line_1: '1 Market Street',
      city: 'San Francisco',
      state: 'CA',
      postcode: '94105',
    });
    expect(badTin.status).toBe(400);
    expect(badTin.text).toContain('Not a valid SSN or ITIN');
    expect(badTin.text).toContain('value="1 Market Street"');
    expect(badTin.text).not.toContain('000000000');
    const w9 = await post(flow.link, {
      csrf,
      step: 'compliance',
      entity_type: 'individual',
      first_name: 'Rae',
      last_name: 'Payee',
      date_of_birth: '1990-04-01',
      tin,
      line_1: '1 Market Street',
      city: 'San Francisco',
      state: 'CA',
      postcode: '94105',
    });
    expect(w9.status, w9.text).toBe(303);
    const done = (await h.call('GET', `/v2/flows/${flow.id}`, { tenant })).body;
    expect(done.completed_steps).toEqual(['manage-payouts', 'compliance', 'redirect']);
    expect(done.status).toBe('completed');
    const last = await page(flow.link);
    expect(last.text).toContain('action="https://example.com/done"');
    expect(last.headers.get('content-security-policy')).toContain("form-action 'self' https://example.com");
    expect((await h.call('GET', `/v2/users/${user.id}`, { tenant })).body.compliance.w9.tin_last4).toBe(
      '7659',
    );
  });

  it("the pages take a W-9's US address only, ask for a date in the payee's words, and a bank account twice", async () => {
    const tenant = await h.tenant();
    const user = await newUser(tenant);
    const flow = (
      await h.call('POST', '/v2/flows', {
        tenant,
        body: { user_id: user.id, steps: ['compliance', 'manage-payouts'] },
      })
    ).body;
    const csrf = csrfOf((await page(flow.link)).text);
    const w9 = {
      csrf,
      step: 'compliance',
      entity_type: 'individual',
      first_name: 'Rae',
      last_name: 'Payee',
      date_of_birth: '',
      tin: '432187659',
      line_1: '1 Market Street',
      city: 'Chicago',
      state: 'Illinois',
      postcode: '6060',
    };
    const refused = await post(flow.link, w9);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('A US state is its 2-letter USPS code, like CA or NY');
    expect(refused.text).toContain('A US ZIP code is 12345 or 12345-6789');
    expect(refused.text).toContain('Enter your date of birth: month, day and year');
    expect(refused.text).not.toContain('YYYY-MM-DD');
    expect((await h.call('GET', `/v2/flows/${flow.id}`, { tenant })).body.completed_steps).toEqual([]);
    const taken = await post(flow.link, {
      ...w9,
      date_of_birth: '1990-04-01',
      state: 'IL',
      postcode: '60607',
    });
    expect(taken.status, taken.text).toBe(303);

    const bank = {
      csrf,
      step: 'manage-payouts',
      platform: 'ach',
      routing_number: '021000021',
      account_number: '000123456789',
      account_number_confirm: '000123456780',
      account_type: 'checking',
    };
    const differ = await post(flow.link, bank);
    expect(differ.status).toBe(400);
    expect(differ.text).toContain('The two account numbers differ: type the same number twice');
    expect((await h.call('GET', `/v2/users/${user.id}/payout-methods`, { tenant })).body).toEqual([]);
    const same = await post(flow.link, { ...bank, account_number_confirm: '000123456789' });
    expect(same.status, same.text).toBe(303);
  });

  it('a flow for a new payee asks their details first; it becomes theirs; a link past its time is refused', async () => {
    const tenant = await h.tenant();
    const flow = (await h.call('POST', '/v2/flows', { tenant, body: { steps: ['id-verification'] } })).body;
    expect(flow.user_id).toBeNull();
    const first = await page(flow.link);
    expect(first.text).toContain('Your details');
    const details = newUserBody();
    const made = await post(flow.link, { csrf: csrfOf(first.text), step: 'details', ...details });
    expect(made.status, made.text).toBe(303);
    const now = (await h.call('GET', `/v2/flows/${flow.id}`, { tenant })).body;
    expect(now.user_id).toEqual(expect.any(String));
    expect((await h.call('GET', `/v2/users/${now.user_id}`, { tenant })).body.email).toBe(details.email);
    const listed = (await h.call('GET', `/v2/flows?user_id=${now.user_id}`, { tenant })).body;
    expect(listed.data.map((f: { id: string }) => f.id)).toEqual([flow.id]);

    const user = await newUser(tenant);
    const short = (
      await h.call('POST', '/v2/flows', { tenant, body: { user_id: user.id, steps: ['compliance'] } })
    ).body;
    clock += 15 * 60 * 1000;
    const expired = await page(short.link);
    expect(expired.status).toBe(409);
    expect(expired.text).toContain('This link has expired');
    expect((await h.call('GET', `/v2/flows/${short.id}`, { tenant })).body.status).toBe('expired');
    expect((await page(`${new URL(short.link).origin}/flow/not-a-token`)).status).toBe(404);
  });

  it('the payout step pays the wallet to the default method', async () => {
    const tenant = await h.tenant();
    const user = tenant.users[0];
    const flow = (
      await h.call('POST', '/v2/flows', { tenant, body: { user_id: user?.id, steps: ['payout'] } })
    ).body;
    const first = await page(flow.link);
    expect(first.text).toContain('Claim your payout');
    const claimed = await post(flow.link, { csrf: csrfOf(first.text), step: 'payout' });
    expect(claimed.status).toBe(303);
    expect((await h.call('GET', `/v2/flows/${flow.id}`, { tenant })).body.completed_steps).toEqual([
      'payout',
    ]);
  });
});

describe('payment customers and apps', () => {
  it('a payment customer is a person or a business, not both', async () => {
    const tenant = await h.tenant();
    const person = await h.call('POST', '/v2/payment-customers', {
      tenant,
      body: {
        first_name: 'Pat',
        last_name: 'Payer',
        email: 'pat@example.com',
        country_code: '1',
        phone_number: '4155550100',
      },
    });
    expect(person.status, person.text).toBe(200);
    const business = await h.call('POST', '/v2/payment-customers', {
      tenant,
      body: { business_name: 'Acme LLC', email: 'ap@acme.example.com' },
    });
    expect(business.body).toMatchObject({ business_name: 'Acme LLC' });
    const both = await h.call('POST', '/v2/payment-customers', {
      tenant,
      body: { first_name: 'Pat', last_name: 'P', business_name: 'Acme', email: 'x@example.com' },
    });
    expect(both.status).toBe(400);
    expect(both.body.errors[0].path).toBe('business_name');
    const found = await h.call('GET', `/v2/payment-customers/${person.body.id}`, { tenant });
    expect(found.body.first_name).toBe('Pat');
  });

  it('an app: created, its KYB link for 72 hours, its compliance by the EIN last four, copied to another', async () => {
    const tenant = await h.tenant();
    const app = await h.call('POST', '/v2/apps', { tenant, body: { name: 'Marketplace EU' } });
    expect(app.status).toBe(201);
    expect(app.body.status).toBe('created');
    const kyb = await h.call('POST', `/v2/apps/${app.body.id}/kyb-flow`, { tenant });
    expect(kyb.status).toBe(201);
    expect(Date.parse(kyb.body.expires_at) - clock).toBe(72 * 3600 * 1000);
    const ein = '461234567';
    const put = await h.call('PUT', `/v2/apps/${app.body.id}/compliance`, {
      tenant,
      body: businessCompliance(ein),
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.company_info.ein_last4).toBe('4567');
    expect(put.text).not.toContain(ein);
    const read = await h.call('GET', `/v2/apps/${app.body.id}/compliance`, { tenant });
    expect(read.text).not.toContain(ein);
    expect((await h.call('GET', `/v2/apps/${app.body.id}`, { tenant })).body.status).toBe('approved');
    expect((await h.call('POST', `/v2/apps/${app.body.id}/kyb-flow`, { tenant })).status).toBe(409);

    const other = (await h.call('POST', '/v2/apps', { tenant, body: { name: 'Marketplace UK' } })).body;
    const copy = (body: object) =>
      h.call('PUT', '/v2/organizations/copy-compliance-information-between-apps', { tenant, body });
    const copied = await copy({ source_app_id: app.body.id, destination_app_id: other.id });
    expect(copied.status).toBe(200);
    expect((await h.call('GET', `/v2/apps/${other.id}/compliance`, { tenant })).body.company_info.name).toBe(
      'Acme Onboarding Inc.',
    );
    const empty = (await h.call('POST', '/v2/apps', { tenant, body: { name: 'Empty' } })).body;
    expect((await copy({ source_app_id: empty.id, destination_app_id: other.id })).status).toBe(400);
    const stranger = await h.tenant();
    expect((await copy({ source_app_id: stranger.apps[0]?.id, destination_app_id: other.id })).status).toBe(
      403,
    );
    expect((await copy({ source_app_id: other.id, destination_app_id: other.id })).status).toBe(400);
  });
});

describe('demo and test tenants', () => {
  it('onboarding: users in each verification and tax-form state, flows in progress, no TIN anywhere', async () => {
    const tenant = await h.tenant({ onboarding: true });
    const seeded = tenant.onboarding;
    expect(seeded?.users.map((u) => `${u.status}/${u.tax_form}`)).toEqual([
      'unverified/none',
      'in_review/none',
      'verified/w9-individual',
      'verified/w9-business',
      'unverified/w8ben',
    ]);
    const business = await h.call('GET', `/v2/users/${seeded?.users[3]?.id}`, { tenant });
    expect(business.body.compliance.w9).toMatchObject({ entity_type: 'business', tin_last4: '4567' });
    const w8 = await h.call('GET', `/v2/users/${seeded?.users[4]?.id}`, { tenant });
    expect(w8.body.compliance).toMatchObject({ w8_ben_collected: true, w9: null });
    const flows = (await h.call('GET', '/v2/flows', { tenant })).body.data;
    expect(
      flows.map((f: { completed_steps: string[]; status: string }) => [f.completed_steps, f.status]),
    ).toEqual([
      [[], 'open'],
      [['manage-payouts'], 'open'],
    ]);
  });
});
