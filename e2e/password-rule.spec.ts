import { expect, signIn, test } from './fixtures';

/**
 * Passwords off for everyone but one break-glass admin is asked for on the Team page; on a console that signs in
 * through no provider the page says so, and the form still asks for the break-glass admin before anything is sent.
 */
test('the Team page says passwords stay on until single sign-on is set up, and asks for the break-glass admin', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'admin', { to: '/team' });
  const section = page.getByRole('region', { name: 'Passwords', exact: true });
  await expect(
    section.getByText(
      'Members sign in with a password. Passwords can be turned off once single sign-on is set up on the console server (OIDC_ISSUER).',
      { exact: true },
    ),
  ).toBeVisible();
  await section.getByRole('button', { name: 'Ask to turn passwords off', exact: true }).click();
  await expect(section.getByText('Choose the break-glass admin', { exact: true })).toBeVisible();
  await expect(section.getByRole('combobox', { name: 'Break-glass admin', exact: true })).toBeVisible();
});
