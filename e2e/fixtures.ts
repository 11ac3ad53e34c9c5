import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import type { CreatedTenant } from '../src/sandbox/domain/tenant-factory';

export type Role = 'viewer' | 'support' | 'finance' | 'admin';
export interface TenantMember {
  id: string;
  email: string;
  name: string;
  password: string;
  role: Role;
}

/** What POST /sandbox/tenants answers: a fresh organization of this spec's own, and its team (one member per role). */
export type Tenant = CreatedTenant & { members: TenantMember[] };

export function memberOf(tenant: Tenant, role: Role): TenantMember {
  const member = tenant.members.find((m) => m.role === role);
  if (!member) throw new Error(`the tenant has no ${role}`);
  return member;
}

/**
 * Where the console keeps a tab's credentials (src/api/credentials.ts), and what it keeps: the shape that the sign-in
 * form stores (src/api/team-session.ts, signInMember). session.spec.ts checks that the two stay the same.
 */
export const CREDENTIALS_KEY = 'payout-console.credentials';

/** What the console server answers to POST /api/team/sessions, as far as the tab keeps it. */
interface SessionAnswer {
  member_id: string;
  secret: string;
  member: { id: string; email: string; name: string; role: Role };
  batch_secret?: string;
  must_enroll_totp: boolean;
}

/** Signs the member in through the console server's API: their session's credentials, as the form would store them. */
async function memberCredentials(request: APIRequestContext, member: TenantMember) {
  const answer = await request.post('/api/team/sessions', {
    data: { email: member.email, password: member.password },
  });
  expect(answer.status(), 'the member signs in').toBe(201);
  const {
    member_id,
    secret,
    member: who,
    batch_secret,
    must_enroll_totp,
  } = (await answer.json()) as SessionAnswer;
  return {
    clientId: member_id,
    apiKey: secret,
    member: { id: who.id, email: who.email, name: who.name, role: who.role },
    batchSecret: batch_secret,
    mustEnrollTotp: must_enroll_totp || undefined,
  };
}

/**
 * Signs in as the tenant's member of this role (finance unless said: the role that pays), then opens `to` (the
 * overview unless said, where the sign-in form lands).
 *
 * The sign-in form's journey (its page, the form, then the overview) is the subject of the specs that use
 * signInByForm; every other spec starts where a signed-in tab starts after a reload: the session is made through the
 * console server's API and its credentials are in the tab's sessionStorage before the console's code runs, which then
 * reads them as its own. One load of the page the spec is about. The credentials are put there once: the script is
 * gone after that first load, so a spec that signs out and reloads stays signed out. (Playwright's storageState
 * carries no sessionStorage, hence the script.)
 */
export async function signIn(
  page: Page,
  tenant: Tenant,
  role: Role = 'finance',
  { to = '/' }: { to?: string } = {},
): Promise<void> {
  const credentials = await memberCredentials(page.request, memberOf(tenant, role));
  const seed = await page.addInitScript(
    ({ key, value }) => {
      // Every frame of the first load runs this; only the top one's origin is the console's own.
      if (window === window.top) sessionStorage.setItem(key, value);
    },
    { key: CREDENTIALS_KEY, value: JSON.stringify(credentials) },
  );
  try {
    await page.goto(to);
  } finally {
    await seed.dispose();
  }
  // A cold tab fetches and runs the code behind sign-in only now (the form's page fetches it while the person types):
  // on a machine shared several times over that alone has taken more than the 7 s an expectation waits.
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 20_000 });
}

/** Signs in as a person does: the sign-in page, its form filled and sent, then the overview it lands on. */
export async function signInByForm(page: Page, tenant: Tenant, role: Role = 'finance'): Promise<void> {
  const member = memberOf(tenant, role);
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/**
 * Moves the focus to this control by the keyboard, as a person does: Tab (or Shift+Tab, backwards) until it has it,
 * within a bound. A focus given by a script after a pointer's click is not shown as the keyboard's (:focus-visible).
 */
export async function tabUntilFocused(
  page: Page,
  control: Locator,
  { backwards = false, most = 80 }: { backwards?: boolean; most?: number } = {},
): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await control.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(control).toBeFocused();
}

/** A member's own Basic credentials, as their browser sends them: signs in through the API. */
export async function memberAuth(
  request: APIRequestContext,
  tenant: Tenant,
  role: Role,
): Promise<Record<string, string>> {
  const { clientId, apiKey } = await memberCredentials(request, memberOf(tenant, role));
  return { Authorization: `Basic ${Buffer.from(`${clientId}:${apiKey}`).toString('base64')}` };
}

/** A payment's body from the tenant's first user by bank details, as a test sends it to the API. */
export function bankPayment(tenant: Tenant, cents: number, extra: Record<string, unknown> = {}) {
  return {
    amount: cents,
    platform: 'ach',
    user_id: tenant.users[0]?.id,
    ach_info: { account_number: '123456789', routing_number: '021000021' },
    ...extra,
  };
}

/** The tenant's admin switches approvals off (a test tenant starts with them on above $10,000.00). */
export async function approvalsOff(request: APIRequestContext, tenant: Tenant): Promise<void> {
  const answer = await request.put('/api/team/policy', {
    headers: await memberAuth(request, tenant, 'admin'),
    data: { enabled: false, limit_cents: 1_000_000, approvals_needed: 1 },
  });
  expect(answer.status()).toBe(200);
}

/** On the Add address page (user id already there): fills a US address and submits it. */
export async function addSanFranciscoAddress(page: Page): Promise<void> {
  await page.getByLabel('Line 1').fill('1 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  const state = page.getByRole('combobox', { name: 'State' });
  await state.click();
  await state.fill('Calif');
  await page.getByRole('option', { name: 'California (CA)' }).click();
  await page.getByLabel('Postcode').fill('94105');
  await page.getByRole('button', { name: 'Add address' }).click();
}

/** On the Copy compliance page (app id already there): asks for the copy and confirms it in the dialog. */
export async function copyComplianceConfirmed(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Copy compliance' }).click();
  await page
    .getByRole('dialog', { name: 'Copy compliance?' })
    .getByRole('button', { name: 'Confirm copy' })
    .click();
}

/** Arms a fault in the sandbox for this tenant's next matching request(s). */
export async function armFault(
  page: Page,
  tenant: Tenant,
  fault: {
    method?: string;
    path_prefix?: string;
    times?: number;
    status?: number;
    message?: string;
    delay_ms?: number;
    drop?: 'before' | 'after-commit';
    retry_after?: number;
    /** The payouts the matching request makes fail later (docs/sandbox.md). */
    payout?: 'fail';
  },
): Promise<void> {
  const response = await page.request.post('/sandbox/faults', {
    data: { client_id: tenant.client_id, ...fault },
  });
  expect(response.status()).toBe(201);
}

/** The tenant's API, as a test talks to it directly (to check what the console did). */
export function basicAuth(tenant: Tenant): Record<string, string> {
  return {
    Authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`,
  };
}

/**
 * For a spec that runs axe on several pages: each run reads the whole page, 1 to 3 s on two idle cores and several
 * times that when other work shares them (such specs took 45 to 70 s with the cores shared eightfold), so the default
 * test timeout does not fit them.
 */
export const AXE_SPEC_TIMEOUT = 90_000;

/**
 * The rules of the tags below whose answer depends on the colours drawn (axe's `cat.color`): all that a change of
 * colour scheme alone can turn from a pass to a violation.
 */
export const AXE_COLOR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe on the page as it stands: every rule of WCAG 2.1 A and AA, or only these rules where said. */
export async function expectNoAxeViolations(
  page: Page,
  { only }: { only?: readonly string[] } = {},
): Promise<void> {
  // A dialog or a menu that is still fading in is read at half its opacity: axe reads the page once it is still.
  // (A spinner's endless animation is no fade: only animations that end are waited for.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // A page without frames is read by axe.run in the page itself: the builder's default reads each frame apart and
  // joins their answers in a new blank page (a renderer started, axe loaded twice), which only frames need (axe.run
  // left a frame's own content unread when tried).
  const framed = page.frames().length > 1;
  const axe = new AxeBuilder({ page })
    .setLegacyMode(!framed)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (only ? axe.withRules([...only]) : axe).analyze();
  // axe only asks for review of a label on a plain element that has text; a screen reader still never reads it.
  const unreadLabels = results.incomplete.filter((r) => r.id === 'aria-prohibited-attr');
  expect(
    [...results.violations, ...unreadLabels].map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * The tabs of one worker's tests share a browser context per set of context options (a phone's viewport, a colour
 * scheme), as the tabs of one person's browser share its cache: each test gets a new tab, so its sessionStorage (where
 * the console keeps a member's credentials) starts empty, and what a test leaves in the context (cookies,
 * localStorage, IndexedDB, other tabs) is forgotten when it ends. What stays is the HTTP cache and the code compiled
 * from it: a cold context cost every test a third of its browser's CPU, loading and compiling the same immutable
 * bundle again (measured: 1.3 → 0.9 CPU-s per signed-in page).
 *
 * A test gets a context of its own where it changes what cannot be forgotten (a fake clock, installed on the whole
 * context) or is about a cold load: it is tagged `@own-context`. A retry also runs in a context of its own, so that a
 * test that failed once is tried again as Playwright isolates it by default (and its trace is recorded).
 */
type SharedContexts = Map<string, BrowserContext>;

/** The details of a test that needs a browser context of its own (above: why). */
export const OWN_CONTEXT = { tag: '@own-context' };

/** Forgets what a test left in a shared context: its tabs, cookies, and the console origin's storage. */
export async function forgetTestState(context: BrowserContext, origins: readonly string[]): Promise<void> {
  const tab = context.pages().find((page) => !page.isClosed()) ?? (await context.newPage());
  const cdp = await context.newCDPSession(tab);
  for (const origin of origins) {
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'cookies,local_storage,indexeddb,service_workers,cache_storage',
    });
  }
  await cdp.detach();
  await context.clearCookies();
  await Promise.all(context.pages().map((page) => page.close()));
}

export const test = base.extend<
  { tenant: Tenant; tenantWithoutCompliance: Tenant; signedIn: Page },
  { sharedContexts: SharedContexts }
>({
  sharedContexts: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const shared: SharedContexts = new Map();
      await use(shared);
      await Promise.all([...shared.values()].map((context) => context.close().catch(() => {})));
    },
    { scope: 'worker' },
  ],
  page: async (
    { browser, sharedContexts, viewport, colorScheme, hasTouch, isMobile, baseURL },
    use,
    testInfo,
  ) => {
    if (testInfo.retry > 0 || testInfo.tags.includes('@own-context')) {
      const context = await browser.newContext();
      await use(await context.newPage());
      await context.close();
      return;
    }
    const key = JSON.stringify({ viewport, colorScheme, hasTouch, isMobile, baseURL });
    let context = sharedContexts.get(key);
    if (!context) {
      // Made inside the test, so that Playwright gives it the project's options (and a trace where one is recorded).
      const made = await browser.newContext();
      made.on('close', () => sharedContexts.delete(key));
      sharedContexts.set(key, made);
      context = made;
    }
    await use(await context.newPage());
    // A test that closed the context itself leaves nothing to forget.
    if (sharedContexts.get(key) === context && baseURL)
      await forgetTestState(context, [new URL(baseURL).origin]);
  },
  // The context a test asks for is its tab's own.
  context: async ({ page }, use) => use(page.context()),
  tenant: async ({ request }, use) => {
    const response = await request.post('/sandbox/tenants', { data: {} });
    expect(response.status()).toBe(201);
    await use((await response.json()) as Tenant);
  },
  tenantWithoutCompliance: async ({ request }, use) => {
    const response = await request.post('/sandbox/tenants', { data: { compliance: false } });
    expect(response.status()).toBe(201);
    await use((await response.json()) as Tenant);
  },
  signedIn: async ({ page, tenant }, use) => {
    await signIn(page, tenant);
    await use(page);
  },
});

export { expect };
