import { gzipSync } from 'node:zlib';
import { makeTenant } from './lib';
import { audit, launchBrowser, type PageScores, type QuickFlags } from './lighthouse';

export interface OnboardingResult {
  runs: number;
  /** A member's POST /v2/users then POST /v2/flows through the console server, each timed. */
  createUser: { p50: number; p95: number };
  makeLink: { p50: number; p95: number };
  /** The hosted flow page's first load: its JavaScript (none) and its stylesheet, gzip. */
  flowPage: { scripts: number; jsKiB: number; cssKiB: number; htmlKiB: number };
  lighthouse: PageScores;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.ceil(q * sorted.length) - 1] ?? 0) * 10) / 10;
};
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * What onboarding costs: a support member creating a user and making its onboarding link through the console server
 * (the gate, its audit line, the sandbox), and a payee's first load of the hosted page on a phone (Lighthouse mobile).
 */
export async function runOnboarding(
  url: string,
  runs = 40,
  quick: QuickFlags = {},
): Promise<OnboardingResult> {
  const tenant = await makeTenant(url);
  const support = tenant.members.find((m) => m.role === 'support');
  if (!support) throw new Error('the tenant has no support member');
  const session = await fetch(`${url}/api/team/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: support.email, password: support.password }),
  });
  const { member_id, secret } = (await session.json()) as { member_id: string; secret: string };
  const headers = {
    Authorization: `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}`,
    'Content-Type': 'application/json',
    'X-Console-Ticket': 'BENCH-1',
  };
  const users: number[] = [];
  const links: number[] = [];
  let link = '';
  for (let i = 0; i < runs; i++) {
    const n = `${Date.now() % 100_000}${i}`.padStart(7, '0').slice(-7);
    let started = performance.now();
    const made = await fetch(`${url}/v2/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        first_name: 'Bench',
        last_name: `User${i}`,
        email: `bench.${n}.${i}@example.com`,
        country_code: '1',
        phone_number: `41${n}${i % 10}`,
      }),
    });
    const user = (await made.json()) as { id: string };
    users.push(performance.now() - started);
    if (made.status !== 201) throw new Error(`POST /v2/users answered ${made.status}`);
    started = performance.now();
    const flow = await fetch(`${url}/v2/flows`, {
      method: 'POST',
      headers,
      // A link support copies (a tax form): one with payout steps is mailed, which would time the SMTP server too.
      body: JSON.stringify({ user_id: user.id, steps: ['compliance', 'id-verification'] }),
    });
    link = ((await flow.json()) as { link: string }).link;
    links.push(performance.now() - started);
  }
  const html = await (await fetch(link)).text();
  const scripts = (html.match(/<script\b/g) ?? []).length;
  const css = await (await fetch(`${new URL(link).origin}/flow/assets/flow.css`)).text();
  const browser = await launchBrowser();
  let lighthouse: PageScores;
  try {
    lighthouse = await audit(await browser.newPage(), link, 'Hosted flow page', 'mobile', 1, quick);
  } finally {
    await browser.close();
  }
  return {
    runs,
    createUser: { p50: quantile(users, 0.5), p95: quantile(users, 0.95) },
    makeLink: { p50: quantile(links, 0.5), p95: quantile(links, 0.95) },
    flowPage: {
      scripts,
      jsKiB: 0,
      cssKiB: kib(gzipSync(css).length),
      htmlKiB: kib(gzipSync(html).length),
    },
    lighthouse,
  };
}
