import { basicAuth, expect, expectNoAxeViolations, signIn, test } from './fixtures';

/** A user's page, on a support ticket: contact details, a verification code, and (an admin's) the delete. */

test('support edits contact details (each rule at its field), then verifies the new phone with the code the user reads out', async ({
  page,
  tenant,
}) => {
  test.slow();
  const [user, other] = tenant.users;
  const otherEmail = (
    await (await page.request.get(`/v2/users/${other?.id}`, { headers: basicAuth(tenant) })).json()
  ).email as string;
  // Reached from the user's page by its own link.
  await signIn(page, tenant, 'support', { to: `/users/${user?.id}` });
  await page.getByRole('link', { name: 'Edit contact details', exact: true }).click();
  await expect(page.getByLabel('First name', { exact: true })).toBeFocused();
  await page.getByRole('heading', { name: 'Contact details' }).waitFor();
  await page.getByLabel('Ticket reference', { exact: true }).fill('ZD-77');
  await page.getByLabel('Last name', { exact: true }).fill('');
  await page.getByLabel('Email', { exact: true }).fill(otherEmail);
  await page.getByRole('button', { name: 'Save contact details', exact: true }).click();
  await expect(page.getByText('Enter the last name')).toBeVisible();
  await page.getByLabel('Last name', { exact: true }).fill('Renamed');
  await page.getByRole('button', { name: 'Save contact details', exact: true }).click();
  await expect(page.getByText('Another user has this email address')).toBeVisible();
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Renamed');
  await page.getByLabel('Email', { exact: true }).fill(`renamed.${String(Date.now()).slice(-7)}@example.com`);
  await page.getByLabel('Country code', { exact: true }).fill('+44');
  await page.getByLabel('Phone number', { exact: true }).fill('7700 900-123');
  await page.getByRole('button', { name: 'Save contact details', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Contact details saved' })).toContainText(
    'needs its verification code',
  );
  await expect(page.getByRole('heading', { name: /Renamed$/, level: 1 })).toBeVisible();

  // A code entered before any was sent costs nothing and says so; a code sent clears that answer.
  await page.getByLabel('Code', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Enter code', exact: true }).click();
  const noCode = page.getByText('No code was sent yet: send one first', { exact: true });
  await expect(noCode).toBeVisible();
  await page.getByRole('button', { name: 'Send verification code', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Code sent' })).toBeVisible();
  await expect(noCode).toHaveCount(0);
  const { code } = await (await page.request.get(`/sandbox/users/${user?.id}/verification-code`)).json();
  await page.getByLabel('Code', { exact: true }).fill(code as string);
  await page.getByRole('button', { name: 'Enter code', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User verified' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an admin deletes a user, confirmed by typing their name', async ({ page, tenant }) => {
  const made = await page.request.post('/v2/users', {
    headers: basicAuth(tenant),
    data: {
      first_name: 'Del',
      last_name: 'Eted',
      email: `del.${String(Date.now()).slice(-7)}@example.com`,
      country_code: '1',
      phone_number: `415${String(Date.now()).slice(-7)}`,
    },
  });
  const id = (await made.json()).id as string;
  await signIn(page, tenant, 'admin', { to: `/users/${id}/onboarding` });
  await page.getByRole('button', { name: 'Delete user', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this user?' });
  await expect(dialog.getByRole('button', { name: 'Delete Del Eted', exact: true })).toBeDisabled();
  await dialog.getByLabel("User's name", { exact: true }).fill('Del Eted');
  await dialog.getByRole('button', { name: 'Delete Del Eted', exact: true }).click();
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  // Gone: the service no longer answers it (as any id it does not know for this organization).
  const read = await page.request.get(`/v2/users/${id}`, { headers: basicAuth(tenant) });
  expect([403, 404]).toContain(read.status());
});
