import { expect, signIn, test } from './fixtures';

/** What a new user tripped on in the people pickers, the phone fields and the hosted flow (issue 52). */

test('a click right after typing in the person picker picks someone who matches what was typed', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'finance', { to: '/payments/new' });
  const field = page.getByRole('combobox', { name: 'User', exact: true });
  await field.click();
  const first = await page.getByRole('option').first().innerText();
  // The one the unfiltered list does not put first: a stale list would offer the other one under the pointer.
  const wanted = tenant.users.find((u) => !first.startsWith(`${u.first_name} ${u.last_name}`));
  if (!wanted) throw new Error('the tenant has one user only');
  await field.pressSequentially(wanted.last_name);
  await page.getByRole('option').first().click();
  await expect(field).toHaveValue(new RegExp(`^${wanted.first_name} ${wanted.last_name} · `));
});
