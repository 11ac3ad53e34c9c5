// Makes docs/screenshot.png: the built console on a throw-away sandbox, signed in,
// the review of a payment open (as a fresh tenant, whose user ids the script knows). Run `npm run build` first (npm run screenshot does).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { chromium } from '@playwright/test';
import { chromiumExecutablePath } from './chromium-path.mjs';

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
  env: { ...process.env, PORT: String(port), SANDBOX_DB: ':memory:', SANDBOX_SETTLE_MS: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) =>
  server.stdout.on('data', (chunk) => String(chunk).includes('Payout Console on') && resolve()),
);

const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: chromiumExecutablePath() });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const tenant = await (await fetch(`${base}/sandbox/tenants`, { method: 'POST' })).json();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Client ID').fill(tenant.client_id);
  await page.getByLabel('API key').fill(tenant.api_key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Create payment' }).first().click();
  await page.getByLabel('User ID').fill(tenant.users[0].id);
  await page.getByLabel('Amount (USD)').fill('1,250.05');
  await page.getByRole('textbox', { name: 'Account number', exact: true }).fill('000123456789');
  await page.getByLabel('Confirm account number').fill('000123456789');
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByRole('button', { name: 'Review payment' }).click();
  await page.getByRole('dialog', { name: 'Review payment' }).waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'docs/screenshot.png' });
  console.log('docs/screenshot.png written');
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
