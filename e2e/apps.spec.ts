import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, basicAuth, expect, signIn, test } from './fixtures';

/** Apps, as finance keeps them: a new app, its compliance record (the EIN by its last four), its KYB link. */

async function newApp(page: Page, name: string): Promise<string> {
  // From the list of apps, as an operator looking at them would.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Apps', exact: true })
    .click();
  await page.getByRole('main').getByRole('link', { name: 'New app', exact: true }).click();
  await page.getByRole('heading', { name: 'New app' }).waitFor();
  await page.getByLabel('App name', { exact: true }).fill('Ab');
  await page.getByRole('button', { name: 'Create app', exact: true }).click();
  await expect(page.getByText('An app name has 3 to 60 characters')).toBeVisible();
  await page.getByLabel('App name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create app', exact: true }).click();
  const made = page.getByRole('status').filter({ hasText: 'App created' });
  await made.getByRole('link', { name: `Open ${name} and its compliance`, exact: true }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

async function fillCompliance(page: Page) {
  const fill = (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
  await fill('Legal name', 'Acme Marketplace Inc');
  await fill('EIN', '1234');
  await fill('Date of incorporation', '2019-03-01');
  await fill('State of incorporation', 'DE');
  await page.getByLabel('Legal form', { exact: true }).selectOption('c_corporation');
  await fill('Website', 'https://acme.example');
  await fill('Contact email', 'ops@acme.example');
  await fill('Contact phone', '+1 415 555 0100');
  await fill('Street address', '1 Market Street');
  await fill('City', 'San Francisco');
  await fill('State', 'CA');
  await fill('ZIP code', '94105');
  await fill("Director's first name", 'Dana');
  await fill("Director's last name", 'Director');
  await fill("Director's title", 'CEO');
  await fill("Director's email", 'dana@acme.example');
  await fill("Director's phone", '+1 415 555 0101');
  await fill("Director's date of birth", '1980-01-02');
  await fill('Ownership (%)', '60');
  await fill("Director's SSN", '521874963');
  await fill("Director's street address", '2 Market Street');
  await fill("Director's city", 'San Francisco');
  await fill("Director's state", 'CA');
  await fill("Director's ZIP code", '94105');
  await fill('Why you pay people', 'Paying our sellers');
  await fill('How you use payouts', 'Weekly payouts');
}

test('finance creates a new app and edits its compliance; the EIN is shown by its last four; a KYB link', async ({
  page,
  tenant,
}) => {
  test.slow();
  await signIn(page, tenant, 'finance');
  const appId = await newApp(page, 'Acme Marketplace');
  await expect(page.getByText('No compliance record yet.')).toBeVisible();
  const kybStatus = page.getByRole('table', { name: 'KYB', exact: true });
  await expect(kybStatus).toContainText('Not verified yet');
  // A new app is verified through its KYB link (once its record is on file, it is approved and needs none).
  await page.getByRole('button', { name: 'Start KYB', exact: true }).click();
  await expect(page.getByLabel('KYB link', { exact: true })).toHaveValue(/^https:\/\//);
  // Its expiry in the one format with its zone ("Dec 5, 2026, 3:14:05 AM UTC"), not "2026-12-05 03:14 UTC".
  await expect(page.getByRole('status').filter({ hasText: 'KYB link made' })).toContainText(
    /It expires at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M (UTC|GMT)/,
  );
  await page.getByRole('button', { name: 'Edit compliance', exact: true }).click();
  await fillCompliance(page);
  await page.getByLabel('Website', { exact: true }).fill('not a url');
  await page.getByLabel('Ownership (%)', { exact: true }).fill('150');
  await page.getByRole('button', { name: 'Save compliance', exact: true }).click();
  // Each rule at its field, in words; nothing typed lost.
  await expect(page.getByText('An EIN has 9 digits')).toBeVisible();
  await expect(page.getByText('A web address, like https://acme.example', { exact: true })).toBeVisible();
  await expect(page.getByText('A percentage from 0 to 100, like 60', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Website', { exact: true })).toHaveValue('not a url');
  await page.getByLabel('Website', { exact: true }).fill('https://acme.example');
  await page.getByLabel('Ownership (%)', { exact: true }).fill('60');
  await page.getByLabel('EIN', { exact: true }).fill('123456789');
  await page.getByRole('button', { name: 'Save compliance', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Compliance saved' })).toBeVisible();
  const record = page.getByRole('table', { name: 'Compliance record' });
  await expect(record).toContainText('Acme Marketplace Inc');
  await expect(record).toContainText('ending 6789');
  await expect(record).toContainText('C corporation, Delaware');
  // On file, the sandbox approves the app: KYB is no longer offered, and the page says why.
  await expect(kybStatus).toContainText('Approved');
  await expect(page.getByRole('button', { name: 'Start KYB', exact: true })).toBeDisabled();
  await expect(page.getByText(/^Unavailable: this app is approved/)).toBeVisible();
  const read = await page.request.get(`/v2/apps/${appId}/compliance`, { headers: basicAuth(tenant) });
  expect(await read.text()).not.toContain('123456789');
  // A second app of that name: said at the field, and allowed (the service accepts it).
  await page.goto('/onboarding/apps/new');
  await page.getByLabel('App name', { exact: true }).fill('acme marketplace');
  await expect(page.getByText(/^Another app is named Acme Marketplace already/)).toBeVisible();
});

test('a viewer reads an app and its compliance, and changes nothing', async ({ page, tenant }) => {
  await signIn(page, tenant, 'viewer', { to: `/apps/${tenant.apps[0]?.id}` });
  // The app as read by the viewer: its own name (not the placeholder) and what its compliance read answered.
  await expect(
    page.getByRole('heading', { name: tenant.apps[0]?.name ?? '', level: 1, exact: true }),
  ).toBeVisible();
  await expect(page.getByText('No compliance record yet.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit compliance', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start KYB', exact: true })).toHaveCount(0);
});

test(`axe: a new app and an app's compliance form, light and dark`, async ({ browser, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, tenant, 'finance', { to: '/onboarding/apps/new' });
  await page.getByRole('heading', { name: 'New app' }).waitFor();
  await expectNoAxeViolationsInBothSchemes(page);
  await page.goto(`/apps/${tenant.apps[1]?.id}`);
  await page.getByRole('heading', { name: 'Compliance' }).waitFor();
  await page.getByRole('button', { name: 'Edit compliance', exact: true }).click();
  await page.getByRole('button', { name: 'Save compliance', exact: true }).click();
  await expect(page.getByText('An EIN has 9 digits')).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  await context.close();
});
