import { expect, test } from '@playwright/test';

/**
 * Signing in through the company's identity provider, in a browser, on the provider's own pages (the local provider
 * of `npm run dev:sso`: the demo's members by their login, any password).
 */
test('a support member signs in through the company’s identity provider and lands in the console', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Sign in with the local provider', exact: true }).click();
  // The provider's page, not the console's: its own fields.
  await page.getByPlaceholder('Enter any login').fill('support');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  // Signed in as themself: the header names the member (the Overview's figures may still be on their way).
  await expect(page.getByText('Sam Support · Support', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  // The one-time code left the address as soon as it was used.
  expect(new URL(page.url()).searchParams.has('sso')).toBe(false);
});

test('someone the company has not given the console is refused, and told why', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Sign in with the local provider', exact: true }).click();
  await page.getByPlaceholder('Enter any login').fill('outsider');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('none of the groups that may use this console');
  await page.getByRole('link', { name: 'Back to sign-in', exact: true }).click();
  await expect(
    page.getByRole('link', { name: 'Sign in with the local provider', exact: true }),
  ).toBeVisible();
});
