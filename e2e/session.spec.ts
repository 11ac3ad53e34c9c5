import { expect, expectNoAxeViolations, memberOf, signIn, test } from './fixtures';

test('operator signs in and sees the organization and where requests go', async ({ page, tenant }) => {
  await signIn(page, tenant);
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

test('sign out empties the session and returns to sign-in', async ({ signedIn: page }) => {
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
  await signIn(page, tenant);
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
  await signIn(page, tenant);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expectNoAxeViolations(page);
});
