import { COUNTRY_CODE_HINT, COUNTRY_CODE_MESSAGE } from '../src/lib/phone';
import { TRANSFER_TYPE_WORDS } from '../src/lib/words';
import { basicAuth, expect, memberOf, signIn, test } from './fixtures';

/** What a new user tripped on in the people pickers, the phone fields and the hosted flow (issue 52). */

test('a click right after typing in the person picker picks someone who matches what was typed', async ({
  page,
  tenant,
}) => {
  // Two people of last names no one else has (a tenant's own are drawn at random, and two Allens both match "Allen").
  const suffix = String(Date.now()).slice(-7);
  for (const { first_name, last_name, area } of [
    { first_name: 'Ada', last_name: 'Quillfeather', area: '415' },
    { first_name: 'Bo', last_name: 'Okonkwo', area: '628' },
  ]) {
    const made = await page.request.post('/v2/users', {
      headers: basicAuth(tenant),
      data: {
        first_name,
        last_name,
        email: `${first_name.toLowerCase()}.${suffix}@example.com`,
        country_code: '1',
        phone_number: `${area}${suffix}`,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  await signIn(page, tenant, 'finance', { to: '/payments/new' });
  const field = page.getByRole('combobox', { name: 'User', exact: true });
  await field.click();
  const first = await page.getByRole('option').first().innerText();
  // The one of the two the unfiltered list does not put first: a stale list would offer another under the pointer.
  const wanted = first.startsWith('Ada Quillfeather') ? 'Bo Okonkwo' : 'Ada Quillfeather';
  await field.pressSequentially(wanted.split(' ')[1] ?? '');
  await page.getByRole('option').first().click();
  await expect(field).toHaveValue(new RegExp(`^${wanted} · `));
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the hosted flow on a payee's phone shows the chosen method only and refuses what it should (${colorScheme})`, async ({
    browser,
    page,
    tenant,
  }) => {
    const made = await page.request.post('/v2/flows', {
      headers: basicAuth(tenant),
      data: { user_id: tenant.users[0]?.id, steps: ['manage-payouts', 'compliance'] },
    });
    expect(made.status()).toBe(200);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
    const payee = await phone.newPage();
    await payee.goto((await made.json()).link);
    await payee.getByRole('heading', { name: 'Where your money goes' }).waitFor();

    const paypal = payee.getByLabel('PayPal email', { exact: true });
    const bank = payee.getByLabel('Account number', { exact: true });
    await payee.getByRole('radio', { name: 'Bank account', exact: true }).click();
    await expect(bank).toBeVisible();
    await expect(paypal).toBeHidden();
    await expect(payee.getByLabel('Venmo handle', { exact: true })).toBeHidden();
    await payee.getByRole('radio', { name: 'PayPal', exact: true }).click();
    await expect(paypal).toBeVisible();
    await expect(bank).toBeHidden();

    await payee.getByRole('radio', { name: 'Bank account', exact: true }).click();
    await payee.getByLabel('Routing number', { exact: true }).fill('021000021');
    await bank.fill('000123456789');
    await payee.getByLabel('Confirm account number', { exact: true }).fill('000123456780');
    await payee.getByRole('button', { name: 'Save payout method', exact: true }).click();
    await expect(payee.getByLabel('Confirm account number', { exact: true })).toHaveAccessibleDescription(
      /The two account numbers differ/,
    );
    await payee.getByLabel('Routing number', { exact: true }).fill('021000021');
    await bank.fill('000123456789');
    await payee.getByLabel('Confirm account number', { exact: true }).fill('000123456789');
    await payee.getByRole('button', { name: 'Save payout method', exact: true }).click();

    await payee.getByRole('heading', { name: 'Your tax form (W-9)' }).waitFor();
    await payee.getByLabel('First name', { exact: true }).fill('Rae');
    await payee.getByLabel('Last name', { exact: true }).fill('Payee');
    await payee.getByLabel('SSN, ITIN or EIN', { exact: true }).fill('521874963');
    await payee.getByLabel('Street address', { exact: true }).fill('1 Wacker Drive');
    await payee.getByLabel('City', { exact: true }).fill('Chicago');
    await payee.getByLabel('State', { exact: true }).fill('Illinois');
    await payee.getByLabel('ZIP code', { exact: true }).fill('6060');
    await payee.getByRole('button', { name: 'Submit tax form', exact: true }).click();
    await expect(payee.getByLabel('State', { exact: true })).toHaveAccessibleDescription(
      /A US state is its 2-letter USPS code, like CA or NY/,
    );
    await expect(payee.getByLabel('ZIP code', { exact: true })).toHaveAccessibleDescription(
      /A US ZIP code is 12345 or 12345-6789/,
    );
    // The field shows the payee's calendar (mm/dd/yyyy): the error speaks of it, never of the wire's YYYY-MM-DD.
    await expect(payee.getByLabel('Date of birth', { exact: true })).toHaveAccessibleDescription(
      'Enter your date of birth: month, day and year',
    );
    await phone.close();
  });
}

test("a new user's country code: a 1 typed into the field's 1 is refused at the field, and every page says the same hint", async ({
  browser,
  page,
  tenant,
}) => {
  test.slow();
  await signIn(page, tenant, 'admin', { to: '/onboarding/users/new' });
  await page.getByRole('heading', { name: 'New user' }).waitFor();
  await page.getByLabel('First name', { exact: true }).fill('Nia');
  await page.getByLabel('Last name', { exact: true }).fill('New');
  await page.getByLabel('Email', { exact: true }).fill(`nia.${Date.now()}@example.com`);
  const country = page.getByLabel('Country code', { exact: true });
  await expect(country).toHaveAccessibleDescription(COUNTRY_CODE_HINT);
  // As the person did: a click at the end of the field's text, then the 1 they meant.
  await country.click();
  await country.press('End');
  await country.press('1');
  await page.getByLabel('Phone number', { exact: true }).fill('4155550199');
  await page.getByLabel('Ticket reference', { exact: true }).fill('ZD-52');
  await page.getByRole('button', { name: 'Create user', exact: true }).click();
  await expect(country).toHaveAccessibleDescription(new RegExp(COUNTRY_CODE_MESSAGE));
  await expect(page.getByRole('status').filter({ hasText: 'User created' })).toHaveCount(0);

  await page.goto('/onboarding/customers/new');
  await expect(page.getByLabel('Country code', { exact: true })).toHaveAccessibleDescription(
    COUNTRY_CODE_HINT,
  );
  await page.goto(`/users/${tenant.users[0]?.id}/onboarding`);
  await expect(page.getByLabel('Country code', { exact: true })).toHaveAccessibleDescription(
    COUNTRY_CODE_HINT,
  );

  const made = await page.request.post('/v2/flows', {
    headers: basicAuth(tenant),
    data: { steps: ['id-verification'] },
  });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const payee = await phone.newPage();
  await payee.goto((await made.json()).link);
  await payee.getByRole('heading', { name: 'Your details' }).waitFor();
  await expect(payee.getByLabel('Country code', { exact: true })).toHaveAccessibleDescription(
    COUNTRY_CODE_HINT,
  );
  await payee.getByLabel('Country code', { exact: true }).fill('11');
  await payee.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(payee.getByLabel('Country code', { exact: true })).toHaveAccessibleDescription(
    `${COUNTRY_CODE_HINT} ${COUNTRY_CODE_MESSAGE}`,
  );
  await phone.close();
});

test('on a 390 px phone, Needs attention and Transfers show status and amount without a sideways scroll, the chart keeps its figures in its card, and the navigation says who is signed in', async ({
  page,
  tenant,
}) => {
  test.slow();
  const pay = async (amount: number, account: string) => {
    const made = await page.request.post('/v2/payments', {
      headers: basicAuth(tenant),
      data: {
        amount,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: account, routing_number: '021000021' },
      },
    });
    const { id } = (await made.json()) as { id: string };
    for (const _ of [1, 2]) await page.request.post(`/sandbox/transfers/${id}/advance`, { data: {} });
    return id;
  };
  await pay(2_345_678, '123456789');
  await pay(2_000, '000000001'); // R01 when it settles
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant, 'finance');

  const fitsThePhone = async (name: string) => {
    const table = page.getByRole('table', { name, exact: true });
    const row = table.getByRole('row').filter({ hasText: '$20.00' });
    for (const cell of [
      row.getByRole('cell').last(),
      row.getByRole('cell', { name: 'Status: failed', exact: true }),
    ]) {
      // The failed payment's row comes with the page's reads: its box is measured once it is there.
      await expect(cell).toBeVisible();
      const box = await cell.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    }
    // Nothing to find by a sideways scroll: the table is as wide as its container.
    const sideways = await table.evaluate(
      (t) => (t.parentElement?.scrollWidth ?? 0) - (t.parentElement?.clientWidth ?? 0),
    );
    expect(sideways).toBeLessThanOrEqual(0);
  };
  await fitsThePhone('Needs attention');

  const figure = page.locator('figure').filter({ hasText: 'Daily volume, last 30 days' });
  const card = await figure.boundingBox();
  const ticks = figure.locator('svg text').filter({ hasText: /^\$/ });
  await expect(ticks.first()).toBeVisible();
  for (const tick of await ticks.all()) {
    const box = await tick.boundingBox();
    expect(box && card && box.x >= card.x).toBe(true);
  }

  await page.getByRole('button', { name: 'Toggle navigation', exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(/^Signed in as /)).toContainText(memberOf(tenant, 'finance').name);
  await page.goto('/transfers');
  await fitsThePhone('Transfers');
});

test("a transfer's transactions say their type in the console's words and their time in its one format, with its zone", async ({
  page,
  tenant,
}) => {
  const made = await page.request.post('/v2/payments', {
    headers: basicAuth(tenant),
    data: {
      amount: 4_321,
      platform: 'ach',
      user_id: tenant.users[0]?.id,
      ach_info: { account_number: '123456789', routing_number: '021000021' },
    },
  });
  const { id } = (await made.json()) as { id: string };
  for (const _ of [1, 2]) await page.request.post(`/sandbox/transfers/${id}/advance`, { data: {} });
  await signIn(page, tenant, 'finance', { to: `/transfers/${id}` });
  const transactions = page.getByRole('table', { name: 'Transactions', exact: true });
  await expect(transactions.getByRole('columnheader', { name: 'Created', exact: true })).toBeVisible();
  const row = transactions.getByRole('row').nth(1);
  await expect(row).toContainText(TRANSFER_TYPE_WORDS.payment ?? '');
  // As dates.ts writes a moment ("Dec 2, 2026, 3:14:05 AM UTC"), never the wire's ISO text.
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M (UTC|GMT)/);
  await expect(row).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
});
