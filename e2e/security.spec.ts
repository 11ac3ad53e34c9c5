import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_CREDENTIALS } from '../src/sandbox/seed';
import {
  addSanFranciscoAddress,
  armFault,
  copyComplianceConfirmed,
  expect,
  memberAuth,
  memberOf,
  OWN_CONTEXT,
  signIn,
  signInByForm,
  type Tenant,
  test,
} from './fixtures';
import { fillBankAccount, openAuthorizedReview, openCreatePayment, pickById, shownAs } from './payment-form';

const ACCOUNT = '000987654321';
const XSS = '<img src=x onerror=window.__xss=1>';

/** Records CSP violations, console errors and uncaught exceptions of the page from its very first script. */
async function watchPage(page: Page) {
  const consoleMessages: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    consoleMessages.push(message.text());
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return {
    consoleMessages,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  };
}

async function payByBankAccount(page: Page, tenant: Tenant, metadataValue: string) {
  await openCreatePayment(page);
  await pickById(page, 'User', tenant.users[0]?.id ?? '');
  await page.getByLabel('Amount (USD)').fill('21.00');
  await fillBankAccount(page, ACCOUNT);
  await page.getByRole('button', { name: 'Add metadata' }).click();
  await page.getByLabel('Metadata key 1').fill('note');
  await page.getByLabel('Metadata value 1').fill(metadataValue);
  const dialog = await openAuthorizedReview(page);
  await dialog.getByRole('button', { name: 'Confirm payment of $21.00' }).click();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toBeVisible();
}

test('a full workflow leaves no credential or account number behind, breaks no CSP rule, and is attributed', async ({
  page,
  context,
  tenant,
}) => {
  const watch = await watchPage(page);
  const urls: string[] = [];
  page.on('framenavigated', (frame) => urls.push(frame.url()));

  await signInByForm(page, tenant);
  const finance = memberOf(tenant, 'finance');
  await expect(page.getByRole('banner')).toContainText(finance.name);
  await payByBankAccount(page, tenant, XSS);
  const transferUrl = page.url();
  const details = page.getByRole('table', { name: 'Transfer details' });
  await expect(details).toContainText(`"initiated_by": "${finance.email}"`);
  // Metadata is text, never markup.
  await expect(details).toContainText(XSS);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);

  await page.goto(`/addresses/new?user_id=${tenant.users[0]?.id}`);
  await addSanFranciscoAddress(page);
  await expect(page.getByRole('status').filter({ hasText: 'Address added' })).toBeVisible();

  await page.goto(`/compliance/copy?app_id=${tenant.apps[0]?.id}`);
  await copyComplianceConfirmed(page);
  await expect(page.getByRole('status').filter({ hasText: 'Compliance copied' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  const secrets = [tenant.api_key, ACCOUNT];
  const stores = await page.evaluate(async () => ({
    local: JSON.stringify({ ...localStorage }),
    session: sessionStorage.length,
    indexedDb: (await indexedDB.databases()).map((db) => db.name),
  }));
  expect(stores.session).toBe(0);
  expect(stores.indexedDb).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  for (const secret of secrets) {
    expect(stores.local).not.toContain(secret);
    expect(urls.join(' ')).not.toContain(secret);
    expect(watch.consoleMessages.join(' ')).not.toContain(secret);
  }
  expect(await watch.violations()).toEqual([]);
  expect(watch.errors).toEqual([]);

  // Nothing cached survives sign-out: the transfer page asks for sign-in again, and another tab is signed out.
  await page.goto(transferUrl);
  await expect(page).toHaveURL(/\/sign-in/);
  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(otherTab).toHaveURL(/\/sign-in/);
});

test('an injected inline script does not run, and a server message renders as text', async ({
  signedIn: page,
  tenant,
}) => {
  const watch = await watchPage(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__pwned = true';
    document.body.appendChild(script);
  });
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect((await watch.violations()).some((v) => v.startsWith('script-src'))).toBe(true);

  await armFault(page, tenant, {
    method: 'PUT',
    path_prefix: '/v2/organizations',
    status: 500,
    message: XSS,
  });
  await page.goto(`/compliance/copy?app_id=${tenant.apps[0]?.id}`);
  await copyComplianceConfirmed(page);
  await expect(page.getByRole('alert')).toContainText(XSS);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

test(
  'after 15 idle minutes the operator is signed out with a warning first; the draft stays, account numbers do not',
  OWN_CONTEXT,
  async ({ page, tenant }) => {
    await page.clock.install();
    await signIn(page, tenant);
    await openCreatePayment(page);
    await pickById(page, 'User', tenant.users[0]?.id ?? '');
    await page.getByLabel('Amount (USD)').fill('33.00');
    await page.getByRole('textbox', { name: 'Account number', exact: true }).fill(ACCOUNT);
    await page.getByLabel('Confirm account number').fill(ACCOUNT);

    await page.clock.fastForward('14:01');
    await expect(page.getByRole('dialog', { name: 'Still there?' })).toBeVisible();
    await page.clock.fastForward('01:00');
    const signInAgain = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(signInAgain).toBeVisible();
    await expect(signInAgain).toContainText('without activity');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await signInAgain.getByLabel('Password', { exact: true }).fill(memberOf(tenant, 'finance').password);
    await signInAgain.getByRole('button', { name: 'Sign in' }).click();
    await expect(signInAgain).toHaveCount(0);
    await expect(page.getByLabel('Amount (USD)')).toHaveValue('33.00');
    await expect(page.getByLabel('User', { exact: true })).toHaveValue(shownAs(tenant.users[0]));
    await expect(page.getByRole('textbox', { name: 'Account number', exact: true })).toHaveValue('');
    await expect(page.getByLabel('Confirm account number')).toHaveValue('');
  },
);

test(
  'activity keeps the session: "Stay signed in" resets the clock',
  OWN_CONTEXT,
  async ({ page, tenant }) => {
    await page.clock.install();
    await signIn(page, tenant);
    await page.clock.fastForward('14:30');
    const warning = page.getByRole('dialog', { name: 'Still there?' });
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await page.clock.fastForward('10:00');
    await expect(page.getByRole('dialog', { name: 'Sign in again' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  },
);

test('no organization key is in any built file, in /config.json or in an answer a member gets', async ({
  page,
  tenant,
}) => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!/\.(br|gz)$/.test(entry.name)) files.push(path);
    }
  };
  walk('dist');
  expect(files.length).toBeGreaterThan(3);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    expect(text, file).not.toContain(DEMO_CREDENTIALS.apiKey);
    expect(text, file).not.toMatch(/sk_sandbox_[0-9a-f]{16}/);
  }
  const texts: string[] = [await (await page.request.get('/config.json')).text()];
  await signInByForm(page, tenant);
  texts.push(await page.evaluate(() => JSON.stringify({ ...sessionStorage })));
  for (const path of [
    '/api/team/session',
    '/v2/organizations',
    '/v2/users?limit=3',
    '/v2/transfers?limit=3',
  ]) {
    const answer = await page.request.get(path, {
      headers: await memberAuth(page.request, tenant, 'finance'),
    });
    // An answer, not a refusal: the key is absent from what the member really reads.
    expect(answer.status(), path).toBe(200);
    texts.push(await answer.text());
  }
  for (const text of texts) expect(text).not.toContain(tenant.api_key);
});
