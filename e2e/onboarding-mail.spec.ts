import type { Page } from '@playwright/test';
import { LINK_STATE_WORDS, STEP_STATE_WORDS } from '../src/lib/onboarding-progress';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, basicAuth, expect, signIn, test } from './fixtures';

/**
 * Onboarding links by mail (the console server of the `mail` project sends through SMTP to a local mailbox): support
 * sends a link, never sees it, and the payee opens it from their mail on their phone.
 */

const MAILBOX = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/messages`;

async function mailTo(page: Page, address: string) {
  const messages = (await (await page.request.get(MAILBOX)).json()) as { to: string[]; text: string }[];
  return messages.filter((m) => m.to.includes(address));
}

/** The onboarding link of the newest message to this address, once it arrived after `seen` others. */
async function linkMailedTo(page: Page, address: string, seen: number): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const message = (await mailTo(page, address))[seen];
      link = /(http:\/\/[^\s]+\/flow\/[\w-]+)/.exec(message?.text ?? '')?.[1] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

async function newUser(page: Page, first: string, last: string): Promise<{ id: string; email: string }> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New user' }).click();
  await page.getByRole('heading', { name: 'New user' }).waitFor();
  const n = String(Date.now()).slice(-7);
  const email = `${first.toLowerCase()}.${n}@example.com`;
  await page.getByLabel('First name', { exact: true }).fill(first);
  await page.getByLabel('Last name', { exact: true }).fill(last);
  await page.getByLabel('Email', { exact: true }).fill(email);
  // As people write them; the service gets the digits.
  await page.getByLabel('Country code', { exact: true }).fill('+1');
  await page.getByLabel('Phone number', { exact: true }).fill(`(415) ${n.slice(0, 3)}-${n.slice(3)}`);
  await page.getByLabel('Ticket reference', { exact: true }).fill('ZD-4821');
  await page.getByRole('button', { name: 'Create user', exact: true }).click();
  const made = page.getByRole('status').filter({ hasText: 'User created' });
  await made.getByRole('link', { name: `Onboard ${first} ${last}`, exact: true }).click();
  await page.getByRole('heading', { name: `Onboard ${first} ${last}` }).waitFor();
  return { id: new URL(page.url()).pathname.split('/')[2] ?? '', email };
}

/** Sends the link from the onboarding page; the number of messages the address had before. */
async function sendLink(page: Page, email: string): Promise<number> {
  const seen = (await mailTo(page, email)).length;
  // A link that can change where the payee's money goes is theirs alone: copying it is not offered.
  await expect(page.getByRole('radio', { name: 'Copy it myself', exact: true })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'By email to the payee', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Send onboarding link', exact: true }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Onboarding link sent' });
  await expect(sent).toContainText(`Sent by email to ${email}`);
  await expect(sent).toContainText('You never see this link');
  await expect(page.getByLabel('Onboarding link', { exact: true })).toHaveCount(0);
  return seen;
}

async function fillW9(payee: Page) {
  await expect(payee.getByRole('heading', { name: 'Your tax form (W-9)' })).toBeVisible();
  await payee.getByLabel('First name', { exact: true }).fill('Rae');
  await payee.getByLabel('Last name', { exact: true }).fill('Payee');
  await payee.getByLabel('Date of birth', { exact: true }).fill('1990-04-01');
  await payee.getByLabel('SSN, ITIN or EIN', { exact: true }).fill('521874963');
  await payee.getByLabel('Street address', { exact: true }).fill('1 Market Street');
  await payee.getByLabel('City', { exact: true }).fill('San Francisco');
  await payee.getByLabel('State', { exact: true }).fill('CA');
  await payee.getByLabel('ZIP code', { exact: true }).fill('94105');
  await payee.getByRole('button', { name: 'Submit tax form', exact: true }).click();
}

test('support sends an onboarding link by mail; the payee completes it from the mail; support sees the steps and, once confirmed, the method', async ({
  page,
  browser,
  tenant,
}) => {
  test.slow();
  await signIn(page, tenant, 'support');
  const user = await newUser(page, 'Rae', 'Payee');
  const link = await linkMailedTo(page, user.email, await sendLink(page, user.email));

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const payee = await phone.newPage();
  await payee.goto(link);
  await fillW9(payee);
  await expect(payee.getByRole('heading', { name: 'Where your money goes' })).toBeVisible();
  await payee.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await payee.getByLabel('PayPal email', { exact: true }).fill('rae.payee@example.com');
  await payee.getByRole('button', { name: 'Save payout method', exact: true }).click();
  // Support typed this payee's address: a second member confirms the method before it is used.
  await expect(payee.getByRole('heading', { name: 'Waiting for confirmation' })).toBeVisible();
  // Opened again, the link says so in place of the form: there is nothing more to send.
  await payee.goto(link);
  await expect(payee.getByRole('heading', { name: 'Waiting for confirmation' })).toBeVisible();
  await expect(payee.getByRole('button', { name: 'Save payout method', exact: true })).toHaveCount(0);

  await page.reload();
  const links = page.getByRole('table', { name: 'Onboarding links' });
  await expect(links).toContainText(
    `Tax form (W-9): ${STEP_STATE_WORDS.done}; Payout method: ${STEP_STATE_WORDS.waiting}`,
  );
  await expect(links).toContainText(LINK_STATE_WORDS.waiting);
  await page.getByRole('link', { name: 'Back to Rae Payee', exact: true }).click();
  await expect(
    page.getByRole('group', { name: 'Payout methods waiting for confirmation', exact: true }),
  ).toContainText('PayPal rae.payee@example.com: waiting for confirmation by a second member');
  await expect(page.getByText('No saved payout methods.')).toHaveCount(0);
  const finance = await browser.newContext();
  const second = await finance.newPage();
  await signIn(second, tenant, 'finance');
  await second
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Approvals/ })
    .click();
  const waiting = second.getByRole('group', {
    name: 'Add PayPal rae.payee@example.com as a payout method of Rae Payee',
  });
  await waiting.getByRole('button', { name: 'Confirm change', exact: true }).click();
  await expect(second.getByRole('status').filter({ hasText: 'Confirmed and applied' })).toBeVisible();
  await finance.close();

  await page.reload();
  await expect(page.getByRole('group', { name: 'Payout methods', exact: true })).toContainText('PayPal');
  await expect(page.getByRole('table', { name: 'Profile' })).toContainText('W-9, TIN ending 4963');
  await page.goto(`/users/${user.id}/onboarding`);
  await expect(links).toContainText(
    `Tax form (W-9): ${STEP_STATE_WORDS.done}; Payout method: ${STEP_STATE_WORDS.done}`,
  );
  await expect(links.getByText(LINK_STATE_WORDS.completed, { exact: true })).toBeVisible();
  await payee.goto(link);
  await expect(payee.getByRole('heading', { name: 'Already done' })).toBeVisible();
  await phone.close();
});

test("an existing payee's link by mail is theirs: their method at once", async ({
  page,
  browser,
  tenant,
}) => {
  test.slow();
  const user = tenant.users[0];
  await signIn(page, tenant, 'support', { to: `/users/${user?.id}/onboarding` });
  await page.getByRole('heading', { name: /^Onboard / }).waitFor();
  await page.getByRole('checkbox', { name: 'Tax form (W-9)', exact: true }).uncheck();
  const email = (
    await (await page.request.get(`/v2/users/${user?.id}`, { headers: basicAuth(tenant) })).json()
  ).email as string;
  const seen = await sendLink(page, email);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const payee = await phone.newPage();
  await payee.goto(await linkMailedTo(page, email, seen));
  await payee.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await payee.getByLabel('PayPal email', { exact: true }).fill('own.payee@example.com');
  await payee.getByRole('button', { name: 'Save payout method', exact: true }).click();
  await expect(payee.getByRole('heading', { name: 'All set' })).toBeVisible();
  await phone.close();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Onboarding links' })).toContainText('completed');
});

test('support sends a link to a new payee by mail; they give their details and their tax form from it', async ({
  page,
  browser,
  tenant,
}) => {
  test.slow();
  await signIn(page, tenant, 'support');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Link for a new payee', exact: true })
    .click();
  await page.getByRole('heading', { name: 'Link for a new payee' }).waitFor();
  const address = `new.payee.${String(Date.now()).slice(-7)}@example.com`;
  await page.getByLabel("Payee's email", { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: 'Send onboarding link', exact: true }).click();
  await expect(page.getByText('An email address, like rae@example.com')).toBeVisible();
  await page.getByLabel("Payee's email", { exact: true }).fill(address);
  const seen = (await mailTo(page, address)).length;
  await page.getByRole('button', { name: 'Send onboarding link', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Onboarding link sent' })).toContainText(address);
  await expect(page.getByLabel('Onboarding link', { exact: true })).toHaveCount(0);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const payee = await phone.newPage();
  await payee.goto(await linkMailedTo(page, address, seen));
  await expect(payee.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await payee.getByLabel('First name', { exact: true }).fill('Nia');
  await payee.getByLabel('Last name', { exact: true }).fill('New');
  await payee.getByLabel('Email', { exact: true }).fill(address);
  await payee.getByLabel('Phone number', { exact: true }).fill(`415${String(Date.now()).slice(-7)}`);
  await payee.getByRole('button', { name: 'Continue', exact: true }).click();
  await fillW9(payee);
  await expect(payee.getByRole('heading', { name: 'All set' })).toBeVisible();
  await phone.close();
});

test(`axe: the onboarding page and the hosted flow's pages from the mail, light and dark`, async ({
  browser,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 3);
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = tenant.users[0];
  await signIn(page, tenant, 'support', { to: `/users/${user?.id}/onboarding` });
  await page.getByRole('heading', { name: /^Onboard / }).waitFor();
  await expectNoAxeViolationsInBothSchemes(page);
  const email = (
    await (await page.request.get(`/v2/users/${user?.id}`, { headers: basicAuth(tenant) })).json()
  ).email as string;
  const seen = await sendLink(page, email);
  await expectNoAxeViolationsInBothSchemes(page);
  await page.goto('/onboarding/payee-link');
  await page.getByRole('heading', { name: 'Link for a new payee' }).waitFor();
  await page.getByRole('checkbox', { name: 'Payout method', exact: true }).check();
  await page.getByRole('button', { name: 'Send onboarding link', exact: true }).click();
  await expect(page.getByText('An email address, like rae@example.com')).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  const payee = await context.newPage();
  await payee.setViewportSize({ width: 390, height: 844 });
  await payee.goto(await linkMailedTo(page, email, seen));
  await expectNoAxeViolationsInBothSchemes(payee);
  // A page with errors at its fields.
  await payee.getByRole('button', { name: 'Submit tax form', exact: true }).click();
  await expect(payee.getByRole('alert')).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(payee);
  await fillW9(payee);
  await payee.getByRole('heading', { name: 'Where your money goes' }).waitFor();
  await expectNoAxeViolationsInBothSchemes(payee);
  await context.close();
});
