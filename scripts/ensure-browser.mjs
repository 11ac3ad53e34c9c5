import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { testChromiumExecutablePath } from './chromium-path.mjs';

/** Before the browser tests: make sure there is a Chromium to drive, or say exactly what to install. */
const chosen = testChromiumExecutablePath();
if (chosen) {
  if (!existsSync(chosen)) {
    console.error(`PLAYWRIGHT_CHROMIUM_PATH points at ${chosen}, which does not exist.`);
    process.exit(1);
  }
  process.exit(0);
}
if (existsSync(chromium.executablePath())) process.exit(0);
console.log("No Chromium found: installing Playwright's own (npx playwright install chromium)...");
const install = spawnSync('node_modules/.bin/playwright', ['install', 'chromium'], { stdio: 'inherit' });
if (install.status === 0 && existsSync(chromium.executablePath())) process.exit(0);
console.error(
  [
    'No browser for the end-to-end tests. Install one of:',
    '  - Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell chromium   (the tests use the first, the bench the second)',
    "  - Playwright's own: npx playwright install chromium (needs access to Playwright's download host)",
    '  - or set PLAYWRIGHT_CHROMIUM_PATH=/path/to/chrome',
  ].join('\n'),
);
process.exit(1);
