import { expect, type Page } from '@playwright/test';
import { basicAuth, type Tenant } from './fixtures';

/** Steps and files of the Pay from a file page, as an operator uses it (for the specs and the bench alike). */

const ROUTING_NUMBERS = ['021000021', '026009593', '011000015'];

/**
 * A payments file of `count` rows from the tenant's people: users by email or id, the customer by id; stored accounts
 * and bank details in turn; every amount different (no row repeats another), in exact cents.
 */
export function paymentsCsv(tenant: Tenant, count: number, firstCents = 1_000): string {
  const lines = [
    'user_email,user_id,customer_id,amount,account_id,account_number,routing_number,metadata.invoice',
  ];
  for (let i = 0; i < count; i++) {
    const cents = firstCents + i * 101;
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const user = tenant.users[i % tenant.users.length];
    const invoice = `INV-${1000 + i}`;
    const bank = `${String(100_000_000 + i)},${ROUTING_NUMBERS[i % ROUTING_NUMBERS.length]}`;
    if (i % 3 === 0) lines.push(`${user?.email},,,${amount},,${bank},${invoice}`);
    else if (i % 3 === 1) lines.push(`,${user?.id},,${amount},${user?.payout_methods[0]?.id},,,${invoice}`);
    else lines.push(`,,${tenant.customers[0]?.id},${amount},,${bank},${invoice}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Replaces line `row` of a file (a spreadsheet's row number: the header is row 1). */
export function withRow(csv: string, row: number, line: string): string {
  const lines = csv.split('\r\n');
  lines[row - 1] = line;
  return lines.join('\r\n');
}

/** Opens Pay from a file from the main navigation. */
export async function openBatchPayments(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Batch payments' }).click();
  await expect(page.getByRole('heading', { name: 'Batch payments', exact: true })).toBeVisible();
}

/** Chooses a file as the file dialog would give it. */
export async function chooseFile(page: Page, name: string, content: string | Buffer): Promise<void> {
  await page.getByLabel('Payments file', { exact: true }).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: typeof content === 'string' ? Buffer.from(content) : content,
  });
}

/** The review's confirm button, whatever its count and total. */
export const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \d[\d,]* payments? \(\$/ });

/** Ticks the authorization and pays; returns the button's words ("Pay 48 payments ($2,345.67)"). */
export async function authorizeAndPay(page: Page): Promise<string> {
  await page.getByLabel('Payers authorized these debits', { exact: true }).check();
  const button = payButton(page);
  const words = (await button.textContent()) ?? '';
  await button.click();
  return words;
}

/** The tenant's transfers the console made from files (request ids `batch_…`), read through the API. */
export async function batchTransfers(page: Page, tenant: Tenant): Promise<{ id: string; amount: number }[]> {
  const found: { id: string; amount: number; metadata?: Record<string, string> }[] = [];
  let after = '';
  for (;;) {
    const response = await page.request.get(
      `/v2/transfers?limit=100${after ? `&starting_after=${after}` : ''}`,
      {
        headers: basicAuth(tenant),
      },
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: typeof found; has_more: boolean };
    found.push(...body.data);
    if (!body.has_more || body.data.length === 0) break;
    after = body.data.at(-1)?.id ?? '';
  }
  return found.filter((transfer) => transfer.metadata?.console_request_id?.startsWith('batch_'));
}

/** The run's summary line ("48 created · 0 already paid · …"). */
export const summary = (page: Page) => page.getByRole('status').filter({ hasText: /created · / });
