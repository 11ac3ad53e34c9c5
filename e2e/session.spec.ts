import {
  CREDENTIALS_KEY,
  expect,
  expectNoAxeViolations,
  memberOf,
  signIn,
  signInByForm,
  test,
} from './fixtures';

test('operator signs in and sees the organization and where requests go', async ({ page, tenant }) => {
  await signInByForm(page, tenant);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(tenant.organization.name)).toBeVisible();
  await expect(page.getByRole('banner').getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('banner').getByText(`${memberOf(tenant, 'finance').name} · Finance`),
  ).toBeVisible();
  for (const link of ['Create payment', 'Add address', 'Copy compliance']) {
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }),
    ).toBeVisible();
  }
});

test('a wrong password is refused on the sign-in page, as an unknown email is', async ({ page, tenant }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(memberOf(tenant, 'finance').email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Sign-in refused');
  await expect(page.getByRole('alert')).toContainText('The email or password is wrong');
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('missing or malformed sign-in fields are named at their fields, and nothing typed is lost', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill('ana');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
    /Enter an email address/,
  );
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    /Enter your password/,
  );
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ana');
  // Fixed as it is typed, once the form has been submitted.
  await page.getByLabel('Email', { exact: true }).fill('ana@example.com');
  await expect(page.getByLabel('Email', { exact: true })).not.toHaveAccessibleDescription(/Enter an email/);
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a deep link asks for sign-in first, then opens the page asked for', async ({ page, tenant }) => {
  await page.goto('/no-such-page?x=1');
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  const member = memberOf(tenant, 'viewer');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no-such-page\?x=1$/);
});

test('sign out empties the session and returns to sign-in', async ({ page, tenant }) => {
  await signInByForm(page, tenant);
  expect(await page.evaluate(() => sessionStorage.length)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('on a phone the header fits, and the request log and sign out are in the menu', async ({
  page,
  tenant,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signInByForm(page, tenant);
  const header = page.getByRole('banner');
  await expect(header.getByText('Sandbox', { exact: true })).toBeVisible();
  const overflow = await header.evaluate((element) => {
    const right = element.getBoundingClientRect().right;
    return [...element.querySelectorAll('button, a, h2, span')]
      .filter(
        (child) =>
          child.getBoundingClientRect().width > 0 && child.getBoundingClientRect().right > right + 0.5,
      )
      .map((child) => child.textContent);
  });
  expect(overflow, 'header content past the right edge').toEqual([]);

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('button', { name: 'Requests' }).click();
  await expect(page.getByRole('dialog', { name: 'Request inspector' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('the sign-in page and the shell pass axe (WCAG 2.1 AA)', async ({ page, tenant }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await signInByForm(page, tenant);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the other specs' quick sign-in stores what the form stores, and the console takes it as its own", async ({
  page,
  browser,
  tenant,
}) => {
  await signInByForm(page, tenant, 'finance');
  const stored = async (tab: typeof page) =>
    JSON.parse((await tab.evaluate((key) => sessionStorage.getItem(key), CREDENTIALS_KEY)) ?? 'null');
  const byForm = await stored(page);
  const context = await browser.newContext();
  const quick = await context.newPage();
  await signIn(quick, tenant, 'finance', { to: '/transfers' });
  await expect(quick.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
  await expect(
    quick.getByRole('banner').getByText(`${memberOf(tenant, 'finance').name} · Finance`),
  ).toBeVisible();
  const bySignIn = await stored(quick);
  // Two sessions of one member: all the same but each session's own secret.
  expect(bySignIn.apiKey).not.toEqual(byForm.apiKey);
  expect({ ...bySignIn, apiKey: 'a session secret' }).toEqual({ ...byForm, apiKey: 'a session secret' });
  expect(byForm.batchSecret, 'a paying role holds the batch secret').toEqual(expect.any(String));
  // Put there once: signed out and reloaded, the tab stays signed out.
  await quick.getByRole('button', { name: 'Sign out' }).click();
  await expect(quick).toHaveURL(/\/sign-in/);
  await quick.reload();
  await expect(quick).toHaveURL(/\/sign-in/);
  await quick.goto('/transfers');
  await expect(quick).toHaveURL(/\/sign-in\?next=%2Ftransfers/);
  expect(await quick.evaluate(() => sessionStorage.length)).toBe(0);
  await context.close();
});
