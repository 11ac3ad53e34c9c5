import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { chromiumExecutablePath, testChromiumExecutablePath } from './scripts/chromium-path.mjs';
import { PRISM, VENDOR_OPENAPI } from './scripts/vendor-contract.mjs';

/** A free port, chosen once (the config is evaluated again in each worker, which then reads it from the env). */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}
process.env.E2E_PORT ??= String(freePort());
process.env.E2E_PRISM_PORT ??= String(freePort());
process.env.E2E_UPSTREAM_PORT ??= String(freePort());
process.env.E2E_MAIL_PORT ??= String(freePort());
process.env.E2E_SMTP_PORT ??= String(freePort());
process.env.E2E_MAILBOX_PORT ??= String(freePort());
process.env.E2E_SSO_PORT ??= String(freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = testChromiumExecutablePath();
const sharedLaunchOptions = {
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
};

/**
 * Upstream mode: a second console server whose /v2 goes to Prism mocking the vendor's OpenAPI (docs/vendor/) with
 * --errors (422 for any request that breaks the vendor's contract). Wherever Prism is installed; where it is not,
 * e2e/upstream.spec.ts skips itself and says why.
 */
const withUpstream = existsSync(PRISM);
const prismURL = `http://127.0.0.1:${process.env.E2E_PRISM_PORT}`;
const upstreamConsoleURL = `http://127.0.0.1:${process.env.E2E_UPSTREAM_PORT}`;
/** A console server that sends mail (SMTP_URL) to a local mailbox (scripts/e2e-mailbox.mjs), for the specs that read it. */
const mailConsoleURL = `http://127.0.0.1:${process.env.E2E_MAIL_PORT}`;
/** A console whose members sign in through a local OpenID provider (scripts/dev-sso.ts, as `npm run dev:sso`). */
const ssoConsoleURL = `http://127.0.0.1:${process.env.E2E_SSO_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two at least: Playwright's default on two cores is one, which took a newcomer's `npm test` past ten minutes.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  forbidOnly: Boolean(process.env.CI),
  // On CI a spec that fails once is run once more: one that then passes is listed as flaky in the report (a bug to
  // find, never a pass to forget), and one that fails twice fails the run. Locally, a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A journey (sign-in, a form, its answer) takes 3 to 8 s on two idle cores, and up to 25 s when other work shares
  // them several times over: its budget is for a hang, not for speed (the bench measures that). Long journeys (several
  // members, files of rows, many pages) say so with test.slow(), which triples it.
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // As an operator who asked for less motion: dialogs and menus open without transitions to wait for (a tenth of
    // the run's time on two cores); the console's theme honours the setting (theme.ts).
    reducedMotion: 'reduce',
    // Recording a trace of every test took a quarter of the run's CPU (two cores were busy the whole run): on CI a
    // trace is recorded for the second try of a test that failed once, which is the one worth reading.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { ...sharedLaunchOptions, ...(executablePath ? { executablePath } : {}) },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [/upstream\.spec\.ts/, /-mail\.spec\.ts/, /-sso\.spec\.ts/],
      grepInvert: /@whole-browser/,
    },
    {
      // What only the whole browser has (its PDF viewer): the few tests tagged so run in it, the rest in the shell.
      name: 'whole browser',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { ...sharedLaunchOptions, executablePath: chromiumExecutablePath() },
      },
      testIgnore: [/upstream\.spec\.ts/, /-mail\.spec\.ts/, /-sso\.spec\.ts/],
      grep: /@whole-browser/,
    },
    {
      name: 'sso',
      use: { ...devices['Desktop Chrome'], baseURL: ssoConsoleURL },
      testMatch: /-sso\.spec\.ts/,
    },
    {
      name: 'mail',
      use: { ...devices['Desktop Chrome'], baseURL: mailConsoleURL },
      testMatch: /-mail\.spec\.ts/,
    },
    {
      name: 'upstream',
      use: { ...devices['Desktop Chrome'], baseURL: upstreamConsoleURL },
      testMatch: /upstream\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: 'node_modules/.bin/tsx src/server/main.ts',
      url: `${baseURL}/config.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        SANDBOX_DB: ':memory:',
        SANDBOX_SETTLE_MS: '0',
        STATIC_DIR: 'dist',
        // Short, so that the "no answer in time" path is testable; the default is 30 s.
        REQUEST_TIMEOUT_MS: '4000',
        CONSOLE_DB: ':memory:',
      },
    },
    {
      command: 'node_modules/.bin/tsx scripts/dev-sso.ts',
      url: `${ssoConsoleURL}/config.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(process.env.E2E_SSO_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: ssoConsoleURL,
        SANDBOX_DB: ':memory:',
        SANDBOX_SETTLE_MS: '0',
        STATIC_DIR: 'dist',
        CONSOLE_DB: ':memory:',
      },
    },
    {
      command: 'node scripts/e2e-mailbox.mjs',
      url: `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/messages`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node_modules/.bin/tsx src/server/main.ts',
      url: `${mailConsoleURL}/config.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(process.env.E2E_MAIL_PORT),
        HOST: '127.0.0.1',
        SANDBOX_DB: ':memory:',
        SANDBOX_SETTLE_MS: '0',
        STATIC_DIR: 'dist',
        CONSOLE_DB: ':memory:',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: 'Payout Console <console@e2e.example>',
        PUBLIC_URL: mailConsoleURL,
      },
    },
    ...(withUpstream
      ? [
          {
            command: `${PRISM} mock --errors -h 127.0.0.1 -p ${process.env.E2E_PRISM_PORT} ${VENDOR_OPENAPI}`,
            url: `${prismURL}/v2/organizations`,
            reuseExistingServer: false,
            timeout: 60_000,
          },
          {
            command: 'node_modules/.bin/tsx src/server/main.ts',
            url: `${upstreamConsoleURL}/config.json`,
            reuseExistingServer: false,
            timeout: 60_000,
            env: {
              PORT: String(process.env.E2E_UPSTREAM_PORT),
              HOST: '127.0.0.1',
              PAYOUT_API_URL: prismURL,
              STATIC_DIR: 'dist',
              CONSOLE_DB: ':memory:',
            },
          },
        ]
      : []),
  ],
});
