import type { Page } from '@playwright/test';
import { possessive } from '../src/lib/words';
import { armFault, basicAuth, expect, memberOf, signIn, type Tenant, test } from './fixtures';
import { fillBankAccount, openAuthorizedReview, openCreatePayment, pickById, shownAs } from './payment-form';

/** The next POST /v2/payments of this tenant fails, waits or loses its connection (sandbox faults). */
const armPaymentFault = (page: Page, tenant: Tenant, fault: Parameters<typeof armFault>[2]) =>
  armFault(page, tenant, { method: 'POST', path_prefix: '/v2/payments', ...fault });

/** Opens Create payment and fills a user + bank account payment, up to the review. */
async function startBankPayment(page: Page, userId: string, amount: string, account: string) {
  await openCreatePayment(page);
  await pickById(page, 'User', userId);
  await page.getByLabel('Amount (USD)').fill(amount);
  await fillBankAccount(page, account);
}

async function reviewAndConfirm(page: Page, amountLabel: string) {
  const dialog = await openAuthorizedReview(page);
  await dialog.getByRole('button', { name: `Confirm payment of ${amountLabel}` }).click();
}

async function transfersOf(page: Page, tenant: Tenant) {
  const response = await page.request.get('/v2/transfers?limit=100', { headers: basicAuth(tenant) });
  return (await response.json()).data as { id: string; amount: number; status: string }[];
}

test('operator pays from a bank account and sees the transfer and its transactions', async ({
  signedIn: page,
  tenant,
}) => {
  const user = tenant.users[0];
  await openCreatePayment(page);
  await pickById(page, 'User', user?.id ?? '');
  await page.getByLabel('Amount (USD)').fill('1,250.05');
  await expect(page.getByText('Sends 125,005 cents')).toBeVisible();
  await fillBankAccount(page, '000123456789');
  await expect(page.getByText('JPMorgan Chase Bank')).toBeVisible();
  await page.getByRole('radio', { name: 'Savings' }).check();
  await page.getByRole('button', { name: 'Add metadata' }).click();
  await page.getByLabel('Metadata key 1').fill('order');
  await page.getByLabel('Metadata value 1').fill('A-1001');
  await page.getByRole('button', { name: 'Review payment' }).click();

  const dialog = page.getByRole('dialog', { name: 'Review payment' });
  const details = dialog.getByRole('table', { name: 'Payment details' });
  await expect(details).toContainText('$1,250.05 (125,005 cents)');
  await expect(details).toContainText('Savings •••• 6789');
  await expect(details).toContainText('JPMorgan Chase Bank');
  await expect(dialog).not.toContainText('000123456789');
  await expect(dialog.getByText(user?.id ?? '')).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Confirm payment of $1,250.05' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Payer authorized this debit').check();
  await confirm.click();

  await expect(page).toHaveURL(/\/transfers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Transfer' })).toBeVisible();
  await expect(page.getByText('Status: created', { exact: true })).toBeVisible();
  const transactions = page.getByRole('table', { name: 'Transfer details' });
  await expect(transactions).toContainText('$1,250.05');
  await expect(transactions).toContainText(`${user?.first_name} ${user?.last_name}`);
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText('A-1001');
  // The payment's transaction is in the answer, so the view shows it at once, and says what is still on its way.
  const lines = page.getByRole('table', { name: 'Transactions', exact: true });
  await expect(lines.getByRole('row')).toHaveCount(2);
  await expect(lines).toContainText('$1,250.05');
  await expect(lines).toContainText(`${user?.first_name} ${user?.last_name}`);
  await expect(lines).toContainText(tenant.apps[0]?.name ?? '');
  await expect(page.getByText('No transactions yet.')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'On its way' })).toContainText(
    `$1,250.05 is counted in ${possessive(tenant.apps[0]?.name ?? '')} wallet and cannot be spent until it arrives`,
  );
  const [transfer] = await transfersOf(page, tenant);
  expect(transfer).toMatchObject({ amount: 125005 });
  expect(page.url()).toContain(transfer?.id);
});

test('operator pays from a stored account', async ({ signedIn: page, tenant }) => {
  const user = tenant.users[0];
  const stored = user?.payout_methods[0];
  await openCreatePayment(page);
  await pickById(page, 'User', user?.id ?? '');
  await page.getByLabel('Amount (USD)').fill('12.34');
  await page.getByRole('radio', { name: 'Stored account' }).check();
  await page.getByRole('combobox', { name: 'Account on file' }).click();
  await page.getByRole('option', { name: `Checking •••• ${stored?.mask}` }).click();
  await reviewAndConfirm(page, '$12.34');
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText('$12.34');
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText(
    `Checking •••• ${stored?.mask}`,
  );
});

test('a radio chosen straight from a field with a fresh error takes the click', async ({
  signedIn: page,
  tenant,
}) => {
  await openCreatePayment(page);
  await pickById(page, 'User', tenant.users[0]?.id ?? '');
  await page.getByLabel('Amount (USD)').fill('12.345');
  // Straight from the field to the radio: the press must not blur the field, whose error would move the radio down.
  const stored = page.getByRole('radio', { name: 'Stored account' });
  await stored.click();
  await expect(stored).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Account on file' })).toBeVisible();
  // Once the click is in, the radio has the focus and the field its error.
  await expect(stored).toBeFocused();
  await expect(page.getByText('At most two decimal places')).toBeVisible();
});

test('a payment customer pays from a bank account', async ({ signedIn: page, tenant }) => {
  const customer = tenant.customers[0];
  await openCreatePayment(page);
  await page.getByRole('radio', { name: 'A payment customer' }).check();
  await expect(page.getByRole('radio', { name: 'Stored account' })).toHaveCount(0);
  await pickById(page, 'Customer', customer?.id ?? '');
  await page.getByLabel('Amount (USD)').fill('7');
  await fillBankAccount(page, '44443333');
  await reviewAndConfirm(page, '$7.00');
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText(customer?.id ?? '');
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText(customer?.name ?? '');
});

test('an invalid routing number, a mismatched confirmation and a value without a key are refused before any request', async ({
  signedIn: page,
  tenant,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v2/payments')) requests.push(request.url());
  });
  await openCreatePayment(page);
  await pickById(page, 'User', tenant.users[0]?.id ?? '');
  await page.getByLabel('Amount (USD)').fill('10.00');
  await page.getByRole('button', { name: 'Add metadata' }).click();
  await page.getByLabel('Metadata value 1').fill('A-1001');
  await page.getByRole('textbox', { name: 'Account number', exact: true }).fill('123456789');
  await page.getByLabel('Confirm account number').fill('123456780');
  await page.getByLabel('Routing number').fill('021000022');
  // Straight from the field to the button: the press must not blur the field, whose error would move the button.
  await page.getByRole('button', { name: 'Review payment' }).click();
  await expect(page.getByText('not a valid ABA routing number')).toBeVisible();
  await expect(page.getByText('The account numbers do not match')).toBeVisible();
  await expect(page.getByLabel('Metadata key 1')).toHaveAccessibleDescription('Give this value a key');
  await expect(page.getByRole('dialog', { name: 'Review payment' })).toHaveCount(0);
  await page.getByLabel('Amount (USD)').fill('1.234');
  await expect(page.getByText('At most two decimal places')).toBeVisible();
  expect(requests).toEqual([]);
});

test('a double click on confirm creates one transfer', async ({ signedIn: page, tenant }) => {
  await armPaymentFault(page, tenant, { delay_ms: 600 });
  await startBankPayment(page, tenant.users[0]?.id ?? '', '3.00', '987654321');
  const dialog = await openAuthorizedReview(page);
  await dialog.getByRole('button', { name: 'Confirm payment of $3.00' }).dblclick();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/transfers\//);
  expect(await transfersOf(page, tenant)).toHaveLength(1);
});

test('a slow payment: the review stays open while it is out, and shows it as sending once it takes a moment', async ({
  signedIn: page,
  tenant,
}) => {
  await armPaymentFault(page, tenant, { delay_ms: 1500 });
  await startBankPayment(page, tenant.users[0]?.id ?? '', '4.00', '987654321');
  const dialog = await openAuthorizedReview(page);
  const confirm = dialog.getByRole('button', { name: 'Confirm payment of $4.00' });
  // Escape in the same moment as the click, before the browser runs any timer: the dialog does not go while money
  // may be moving (a key pressed by a person can land there too).
  await confirm.evaluate(async (button) => {
    (button as HTMLButtonElement).click();
    for (let tick = 0; tick < 20; tick += 1) await Promise.resolve();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(confirm).toHaveAttribute('data-loading', 'true');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/transfers\//);
  expect(await transfersOf(page, tenant)).toHaveLength(1);
});

test('a 5xx is an unknown outcome: looked up by its request id, then sent again with the same key, and paid once', async ({
  signedIn: page,
  tenant,
}) => {
  await armPaymentFault(page, tenant, { status: 500, message: 'Ledger offline' });
  await startBankPayment(page, tenant.users[0]?.id ?? '', '42.00', '1234567890');
  await reviewAndConfirm(page, '$42.00');
  const dialog = page.getByRole('dialog', { name: 'Review payment' });
  const alert = dialog.getByRole('alert');
  // Never a plain "failed": the payment may have committed before the service failed.
  await expect(alert).toContainText('Outcome unknown');
  await expect(alert).toContainText('Ledger offline');
  await expect(alert).toContainText(/Request id: \S+/);
  await expect(alert).toContainText('has arrived yet');
  await expect(dialog.getByRole('button', { name: /Confirm payment/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('42.00');
  await expect(page.getByRole('textbox', { name: 'Account number', exact: true })).toHaveValue('1234567890');
  await expect(page.getByLabel('Routing number')).toHaveValue('021000021');
  await page.getByRole('button', { name: 'Review payment' }).click();
  await dialog.getByRole('button', { name: 'Check again' }).click();
  await expect(page).toHaveURL(/\/transfers\//);
  expect(await transfersOf(page, tenant)).toHaveLength(1);
});

test('a dropped connection: the outcome is unknown, the form is kept, and Check again resolves it', async ({
  signedIn: page,
  tenant,
}) => {
  // Chromium itself retries a request whose reused connection closed before any answer, so drop every attempt.
  await armPaymentFault(page, tenant, { drop: 'before', times: 50 });
  await startBankPayment(page, tenant.users[0]?.id ?? '', '8.00', '1234567890');
  await reviewAndConfirm(page, '$8.00');
  const dialog = page.getByRole('dialog', { name: 'Review payment' });
  await expect(dialog.getByRole('alert')).toContainText('Outcome unknown');
  await expect(dialog.getByRole('button', { name: /Confirm payment/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('8.00');
  expect(await transfersOf(page, tenant)).toHaveLength(0);
  // Reviewing the same payment again does not offer a fresh confirm: the first request must be resolved first.
  await page.getByRole('button', { name: 'Review payment' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Outcome unknown');
  await page.request.delete(`/sandbox/faults/${tenant.client_id}`);
  await dialog.getByRole('button', { name: 'Check again' }).click();
  await expect(page).toHaveURL(/\/transfers\//);
  expect(await transfersOf(page, tenant)).toHaveLength(1);
});

test('refresh shows an advanced status, and an R01 account shows its failure reason', async ({
  signedIn: page,
  tenant,
}) => {
  await startBankPayment(page, tenant.users[0]?.id ?? '', '5.00', '5550001');
  await reviewAndConfirm(page, '$5.00');
  await expect(page.getByText('Status: created', { exact: true })).toBeVisible();
  const id = page.url().split('/').at(-1);
  expect((await page.request.post(`/sandbox/transfers/${id}/advance`, { data: {} })).status()).toBe(200);
  await page.getByRole('button', { name: 'Refresh status' }).click();
  await expect(page.getByText('Status: pending', { exact: true })).toBeVisible();
  await page.request.post(`/sandbox/transfers/${id}/advance`, { data: {} });
  await page.getByRole('button', { name: 'Refresh status' }).click();
  await expect(page.getByText('Status: failed', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('ACH return R01');
  await expect(page.getByRole('alert')).toContainText('Insufficient funds');
  await expect(page.getByLabel('Status history')).toContainText('pending');
});

test('a deep link prefills the payer', async ({ page, tenant }) => {
  await signIn(page, tenant, 'finance', { to: `/payments/new?customer_id=${tenant.customers[0]?.id}` });
  await expect(page.getByRole('radio', { name: 'A payment customer' })).toBeChecked();
  await expect(page.getByLabel('Customer', { exact: true })).toHaveValue(
    new RegExp(`^${tenant.customers[0]?.name} · `),
  );
  await page.goto(`/payments/new?user_id=${tenant.users[1]?.id}`);
  await expect(page.getByLabel('User', { exact: true })).toHaveValue(shownAs(tenant.users[1]));
});

test('a 401 mid-session signs in again without losing the typed draft', async ({
  signedIn: page,
  tenant,
}) => {
  await startBankPayment(page, tenant.users[0]?.id ?? '', '19.99', '1234567890');
  await armPaymentFault(page, tenant, { status: 401, message: 'Key revoked' });
  await reviewAndConfirm(page, '$19.99');
  const signInAgain = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(signInAgain).toBeVisible();
  await expect(signInAgain.getByLabel('Email', { exact: true })).toHaveValue(
    memberOf(tenant, 'finance').email,
  );
  await signInAgain.getByLabel('Password', { exact: true }).fill(memberOf(tenant, 'finance').password);
  await signInAgain.getByRole('button', { name: 'Sign in' }).click();
  await expect(signInAgain).toHaveCount(0);
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('19.99');
  await expect(page.getByLabel('User', { exact: true })).toHaveValue(shownAs(tenant.users[0]));
  await reviewAndConfirm(page, '$19.99');
  await expect(page).toHaveURL(/\/transfers\//);
});

test('the same amount from the same payer again warns with a link to the first transfer', async ({
  signedIn: page,
  tenant,
}) => {
  for (let i = 0; i < 2; i++) {
    await openCreatePayment(page);
    await pickById(page, 'User', tenant.users[1]?.id ?? '');
    await page.getByLabel('Amount (USD)').fill('60');
    await fillBankAccount(page, '1234567890');
    await page.getByRole('button', { name: 'Review payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review payment' });
    if (i === 1) {
      await expect(dialog.getByRole('alert')).toContainText('Possible duplicate');
      await expect(dialog.getByRole('link', { name: 'see that transfer' })).toBeVisible();
      return;
    }
    await expect(dialog.getByText('Possible duplicate')).toHaveCount(0);
    await dialog.getByLabel('Payer authorized this debit').check();
    await dialog.getByRole('button', { name: 'Confirm payment of $60.00' }).click();
    await expect(page).toHaveURL(/\/transfers\//);
  }
});

test('a connection dropped after the payment committed: the console looks it up by its request id and shows the transfer', async ({
  signedIn: page,
  tenant,
}) => {
  await armPaymentFault(page, tenant, { drop: 'after-commit', times: 5 });
  await startBankPayment(page, tenant.users[0]?.id ?? '', '15.00', '1234567890');
  await page.getByRole('button', { name: 'Review payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review payment' });
  const requestId =
    (await dialog
      .getByRole('row', { name: /Request ID/ })
      .getByRole('code')
      .textContent()) ?? '';
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await dialog.getByLabel('Payer authorized this debit').check();
  await dialog.getByRole('button', { name: 'Confirm payment of $15.00' }).click();
  // No answer came (every attempt's connection dropped), but the payment committed: found, not an error.
  await expect(page).toHaveURL(/\/transfers\/[0-9a-f-]{36}$/);
  const [created, ...others] = await transfersOf(page, tenant);
  expect(others).toHaveLength(0);
  expect(page.url()).toMatch(new RegExp(`/transfers/${created?.id}$`));
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText(requestId);
  // Found by the look-up, not answered: still in this tab's activity.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('table', { name: 'Activity' })).toContainText(created?.id ?? 'missing');
});

test('a payment that gets no answer in time: the outcome is unknown until Check again finds it', async ({
  signedIn: page,
  tenant,
}) => {
  // The console gives up after REQUEST_TIMEOUT_MS (4 s in these tests); the server answers after 6 s.
  await armPaymentFault(page, tenant, { delay_ms: 6000 });
  await startBankPayment(page, tenant.users[1]?.id ?? '', '27.00', '1234567890');
  await reviewAndConfirm(page, '$27.00');
  const dialog = page.getByRole('dialog', { name: 'Review payment' });
  await expect(dialog.getByRole('alert')).toContainText('Outcome unknown', { timeout: 8000 });
  await expect.poll(async () => (await transfersOf(page, tenant)).length, { timeout: 8000 }).toBe(1);
  await dialog.getByRole('button', { name: 'Check again' }).click();
  await expect(page).toHaveURL(/\/transfers\//);
  expect(await transfersOf(page, tenant)).toHaveLength(1);
});
