import type autocannon from 'autocannon';
import {
  authHeaders,
  financeOf,
  freePort,
  hammer,
  type Latency,
  makeTenant,
  median,
  paymentBody,
  type Server,
  startConsoleServer,
} from './lib';

export interface OpsCostResult {
  /** A finance member's payments a second on a server with metrics and request logs on, and on one with them off. */
  on: { requestsPerSecond: number; rounds: number[]; scrapes: number };
  off: { requestsPerSecond: number; rounds: number[] };
  /** What metrics and logs cost the member's payment rate: 1 - on / off (negative: on was faster in this run). */
  cost: number;
}

async function memberHeaders(
  server: Server,
): Promise<{ headers: Record<string, string>; pay: autocannon.Request }> {
  // A daily limit far above what the run moves: every payment is judged and sent, none refused.
  const tenant = await makeTenant(server.url, { member_daily_limit_cents: 100_000_000 });
  const finance = financeOf(tenant);
  const answer = await fetch(`${server.url}/api/team/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: finance.email, password: finance.password }),
  });
  if (answer.status !== 201) throw new Error(`sign-in answered ${answer.status}`);
  const { member_id, secret } = (await answer.json()) as { member_id: string; secret: string };
  const userId = tenant.users[0]?.id ?? '';
  let counter = 0;
  return {
    headers: {
      ...authHeaders(tenant),
      Authorization: `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}`,
    },
    pay: {
      method: 'POST',
      path: '/v2/payments',
      setupRequest: (r) => ({ ...r, body: paymentBody(userId, `ops-${counter++}`) }),
    },
  };
}

/**
 * What Prometheus metrics and structured logs cost a member's payment: two console servers as `npm start` ships
 * them, one with metrics on (their own listener, scraped every second as a scraper would, far more often than
 * Prometheus's default) and a JSON log line per request, one with both off; a finance member's payments on each,
 * in turns, `rounds` rounds of `seconds`, the median round of each kept.
 */
export async function runOpsCost(seconds: number, rounds: number): Promise<OpsCostResult> {
  const metricsPort = await freePort();
  const servers = await Promise.allSettled([
    startConsoleServer({ METRICS_PORT: String(metricsPort), LOG_FORMAT: 'json', LOG_LEVEL: 'info' }),
    startConsoleServer({ LOG_LEVEL: 'silent' }),
  ]);
  const [on, off] = servers.map((s) => (s.status === 'fulfilled' ? s.value : null));
  try {
    const failed = servers.find((s) => s.status === 'rejected');
    if (failed || !on || !off)
      throw (failed as PromiseRejectedResult | undefined)?.reason ?? new Error('no server');
    const onMember = await memberHeaders(on);
    const offMember = await memberHeaders(off);
    let scrapes = 0;
    const scrape = async () => {
      const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      const text = await answer.text();
      if (answer.status !== 200 || !text.includes('_requests'))
        throw new Error(`/metrics answered ${answer.status}`);
      scrapes++;
    };
    await scrape();
    const onRounds: Latency[] = [];
    const offRounds: Latency[] = [];
    const measureOn = async () => {
      const scraper = setInterval(() => void scrape().catch(() => undefined), 1000);
      try {
        onRounds.push(
          await hammer(on.url, { connections: 50, seconds, headers: onMember.headers }, [onMember.pay]),
        );
      } finally {
        clearInterval(scraper);
      }
    };
    const measureOff = async () => {
      offRounds.push(
        await hammer(off.url, { connections: 50, seconds, headers: offMember.headers }, [offMember.pay]),
      );
    };
    // Each round the other goes first, so that the machine's drift falls on both alike.
    for (let round = 0; round < rounds; round++) {
      for (const measure of round % 2 === 0 ? [measureOn, measureOff] : [measureOff, measureOn])
        await measure();
    }
    for (const [name, latencies] of [
      ['on', onRounds],
      ['off', offRounds],
    ] as const) {
      const broken = latencies.find((l) => l.errors > 0 || l.non2xx > 0);
      if (broken)
        throw new Error(
          `payments with metrics and logs ${name}: ${broken.errors} errors, ${broken.non2xx} not 2xx`,
        );
    }
    const onRate = median(onRounds.map((l) => l.requestsPerSecond));
    const offRate = median(offRounds.map((l) => l.requestsPerSecond));
    return {
      on: { requestsPerSecond: onRate, rounds: onRounds.map((l) => l.requestsPerSecond), scrapes },
      off: { requestsPerSecond: offRate, rounds: offRounds.map((l) => l.requestsPerSecond) },
      cost: Math.round((1 - onRate / offRate) * 1000) / 1000,
    };
  } finally {
    on?.child.kill('SIGTERM');
    off?.child.kill('SIGTERM');
  }
}
