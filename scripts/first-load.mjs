// Which JS and CSS the sign-in page loads, and their gzip sizes: the numbers behind the bundle budget.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumExecutablePath } from './chromium-path.mjs';

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: { ...process.env, PORT: String(port), SANDBOX_DB: ':memory:', AUDIT_LOG: 'off' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) =>
  server.stdout.on('data', (chunk) => String(chunk).includes('Payout Console on') && resolve()),
);
const browser = await chromium.launch({ executablePath: chromiumExecutablePath() });
try {
  const page = await browser.newPage();
  const assets = new Set();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) assets.add(path);
  });
  await page.goto(`http://127.0.0.1:${port}/sign-in`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  const sizes = { js: 0, css: 0 };
  for (const path of assets) {
    const bytes = gzipSync(readFileSync(`dist${path}`), { level: 9 }).length;
    sizes[path.endsWith('.css') ? 'css' : 'js'] += bytes;
    console.log(String(bytes).padStart(8), path);
  }
  console.log(
    JSON.stringify({ jsKiB: +(sizes.js / 1024).toFixed(1), cssKiB: +(sizes.css / 1024).toFixed(1) }),
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
