// Which JS and CSS the sign-in page loads, and their gzip sizes: the numbers behind the bundle budget.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { chromium } from '@playwright/test';
import { BUDGET_KIB, gzipKiB, recordAssets } from './asset-bytes.mjs';
import { chromiumExecutablePath } from './chromium-path.mjs';

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    SANDBOX_DB: ':memory:',
    CONSOLE_DB: ':memory:',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) =>
  server.stdout.on('data', (chunk) => String(chunk).includes('Payout Console on') && resolve()),
);
const browser = await chromium.launch({ executablePath: chromiumExecutablePath() });
try {
  const page = await browser.newPage();
  const assets = recordAssets(page);
  await page.goto(`http://127.0.0.1:${port}/sign-in`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  for (const path of assets()) console.log(path);
  const kib = gzipKiB(assets());
  console.log(JSON.stringify({ jsKiB: kib.js, cssKiB: kib.css, budgetKiB: BUDGET_KIB }));
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
