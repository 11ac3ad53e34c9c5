import { expect, type Locator, type Page } from '@playwright/test';

/** Steps on the Create payment page, as an operator takes them (for the specs and the browser bench alike). */

/** Opens Create payment from the main navigation and waits for its heading. */
export async function openCreatePayment(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create payment' }).click();
  await page.getByRole('heading', { name: 'Create payment' }).waitFor();
}

/** Types the bank details: the account number twice, and the routing number. */
export async function fillBankAccount(page: Page, account: string, routing = '021000021'): Promise<void> {
  await page.getByRole('textbox', { name: 'Account number', exact: true }).fill(account);
  await page.getByLabel('Confirm account number', { exact: true }).fill(account);
  await page.getByLabel('Routing number', { exact: true }).fill(routing);
}

/** Opens the review and ticks the payer's authorization; returns the dialog, whose Confirm button is then enabled. */
export async function openAuthorizedReview(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Review payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review payment' });
  await dialog.getByLabel('Payer authorized this debit').check();
  return dialog;
}

/** A person as a picker shows them once picked: "Ada Lovelace · ada.lovelace.123@example.com". */
export function shownAs(
  person: { first_name: string; last_name: string; email: string } | undefined,
): string {
  return person ? `${person.first_name} ${person.last_name} · ${person.email}` : '';
}

/**
 * Picks in a picker (User, Customer, App, Filter by user) by pasting an id, as an operator with an id from a ticket
 * does: the field then shows who it is.
 */
export async function pickById(page: Page, label: string, id: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(id);
  await expect(field).not.toHaveValue(id);
  await expect(field).not.toHaveValue('');
}
