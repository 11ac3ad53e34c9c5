import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumExecutablePath } from '../scripts/chromium-path.mjs';
import { type Distribution, distribution, signIn, WAIT_MS, WaitTimedOut } from './browser';
import { authHeaders, financeOf, makeTenant, sleep, type Tenant } from './lib';

export interface OpenPagesResult {
  runs: number;
  /** Browser tabs with the transfer's page open, and streams of changes open beside them (as more pages would). */
  tabs: number;
  streams: number;
  /** From the change at the service (the sandbox's advance, before it sends its event) to the tab's DOM showing it. */
  tab: Distribution;
  /** The same, to the change arriving on each other open stream. */
  stream: Distribution;
  /** Every open page, tabs and streams together: what the budget judges. */
  all: Distribution;
}

const TRANSFER_DETAILS = 'table[aria-label="Transfer details"]';

/** A member's session for the console's API (what a signed-in page holds). */
async function sessionOf(url: string, tenant: Tenant): Promise<string> {
  const member = financeOf(tenant);
  const answer = await fetch(`${url}/api/team/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (answer.status !== 201) throw new Error(`sign-in answered ${answer.status}`);
  const { member_id, secret } = (await answer.json()) as { member_id: string; secret: string };
  return `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}`;
}

/**
 * An open stream of changes, as a page holds one: `until(id)` resolves with Date.now() when the stream carries the
 * object `id` turned completed.
 */
async function openStream(url: string, authorization: string) {
  const controller = new AbortController();
  const answer = await fetch(`${url}/api/team/events`, {
    headers: { Authorization: authorization },
    signal: controller.signal,
  });
  if (answer.status !== 200 || !answer.body) throw new Error(`the stream answered ${answer.status}`);
  const waiting = new Map<string, (at: number) => void>();
  let text = '';
  const decoder = new TextDecoder();
  const reader = answer.body.getReader();
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return;
        const at = Date.now();
        text += decoder.decode(chunk.value, { stream: true });
        const messages = text.split('\n\n');
        text = messages.pop() ?? '';
        for (const message of messages) {
          if (!message.includes('"status":"completed"')) continue;
          for (const [id, resolve] of waiting) {
            if (message.includes(`"id":"${id}"`)) {
              waiting.delete(id);
              resolve(at);
            }
          }
        }
      }
    } catch {
      // Closed at the end of the part.
    }
  })();
  return {
    until: (id: string) => new Promise<number>((resolve) => waiting.set(id, resolve)),
    close: () => controller.abort(),
  };
}

/** The tab's transfer page, read and showing `pending`, its own stream open. */
async function openTransfer(page: Page, url: string, id: string) {
  const streamOpened = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/api/team/events' && answer.status() === 200,
    { timeout: WAIT_MS },
  );
  await page.goto(`${url}/transfers/${id}`);
  await page.locator(TRANSFER_DETAILS).getByText('Status: pending').waitFor({ timeout: WAIT_MS });
  await streamOpened;
  // When the table first shows `completed`, by the wall clock the bench stamps the change with.
  await page.evaluate(`(() => {
    window.__completedAt = new Promise((resolve) => {
      const shows = () => document.querySelector(${JSON.stringify(TRANSFER_DETAILS)})?.textContent?.includes('Status: completed');
      const observer = new MutationObserver(() => {
        if (shows()) {
          observer.disconnect();
          resolve(Date.now());
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  })()`);
}

async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WaitTimedOut(`waited ${WAIT_MS / 1000} s for ${what}`)), WAIT_MS);
  });
  try {
    return await Promise.race([promise, bound]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Event sent → the open page shows it, with `tabs` browser tabs on a transfer's page and `streams` more pages' streams
 * open on the same organization (50 open pages in all, on two cores: 50 browser tabs would measure the browser). Each
 * run: a payment made and moved to pending, the tabs opened on it; then the sandbox settles it (its advance helper,
 * without the tenant's key, so that only the service's signed event tells the console) and each tab's DOM and each
 * stream is timed from that moment, by the wall clock.
 */
export async function runOpenPages(
  url: string,
  runs: number,
  tabs: number,
  streams: number,
): Promise<OpenPagesResult> {
  const tenant = await makeTenant(url, { events: true });
  const headers = authHeaders(tenant);
  const authorization = await sessionOf(url, tenant);
  const open = await Promise.all(Array.from({ length: streams }, () => openStream(url, authorization)));
  const executablePath = chromiumExecutablePath();
  const browser: Browser = await chromium.launch(executablePath ? { executablePath } : {});
  const tabTimes: number[] = [];
  const streamTimes: number[] = [];
  try {
    const pages: Page[] = [];
    for (let t = 0; t < tabs; t++) {
      const page = await (await browser.newContext()).newPage();
      await page.goto(url);
      await signIn(page, tenant);
      pages.push(page);
    }
    const advance = async (id: string, status: string) => {
      const moved = await fetch(`${url}/sandbox/transfers/${id}/advance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status }),
      });
      if (moved.status !== 200) throw new Error(`the advance to ${status} answered ${moved.status}`);
    };
    for (let run = 0; run < runs; run++) {
      const paid = await fetch(`${url}/v2/payments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          amount: 1_000 + run,
          platform: 'ach',
          user_id: tenant.users[0]?.id,
          ach_info: { account_number: '123456789', routing_number: '021000021' },
          idempotency_key: crypto.randomUUID(),
        }),
      });
      if (paid.status !== 201) throw new Error(`the payment answered ${paid.status}`);
      const { id } = (await paid.json()) as { id: string };
      await advance(id, 'pending');
      for (const page of pages) await openTransfer(page, url, id);
      const heard = open.map((stream) => stream.until(id));
      // The pages settle (their first reads answered) before the change.
      await sleep(300);
      const changedAt = Date.now();
      await advance(id, 'completed');
      const shown = pages.map((page) => page.evaluate('window.__completedAt') as Promise<number>);
      for (const at of await within(Promise.all(shown), `the tabs to show ${id} completed`))
        tabTimes.push(at - changedAt);
      for (const at of await within(Promise.all(heard), `the streams to carry ${id} completed`))
        streamTimes.push(at - changedAt);
    }
  } finally {
    for (const stream of open) stream.close();
    await browser.close();
  }
  return {
    runs,
    tabs,
    streams,
    tab: distribution(tabTimes),
    stream: distribution(streamTimes.length > 0 ? streamTimes : [Number.NaN]),
    all: distribution([...tabTimes, ...streamTimes]),
  };
}
