import type autocannon from 'autocannon';
import {
  authHeaders,
  cpuMsEach,
  cpuMsOf,
  financeOf,
  freePort,
  hammer,
  type Latency,
  makeTenant,
  median,
  medianOrNull,
  paymentBody,
  type Server,
  startConsoleServer,
} from './lib';

export interface OpsCostResult {
  /** A finance member's payments a second on a server with metrics and request logs on, and on one with them off. */
  on: { requestsPerSecond: number; rounds: number[]; scrapes: number; cpuMsPerPayment: number | null };
  off: { requestsPerSecond: number; rounds: number[]; cpuMsPerPayment: number | null };
  /**
   * What metrics and logs cost the member's payment rate: 1 - on / off of each round's pair (the two measured one
   * after the other), the median pair (negative: on was faster in this run). A pair shares the machine's moment, so
   * a drift across the run (another process, the store growing) falls on both of it.
   */
  cost: number;
  /** Each round's pair, 1 - on / off. */
  pairs: number[];
  /**
   * What they add to the server's CPU for a payment (on / off - 1; the median round of each): steadier than the rate on a
   * machine whose other work comes and goes, shown beside it. Null where a process's CPU cannot be read.
   */
  cpuCost: number | null;
}

/** A round's rate, and the server's CPU for each payment of it. */
interface Round {
  latency: Latency;
  cpuMsPerPayment: number | null;
}

async function round(server: Server, seconds: number, member: MemberHeaders): Promise<Round> {
  const before = cpuMsOf(server.child.pid);
  const latency = await hammer(server.url, { connections: 50, seconds, headers: member.headers }, [
    member.pay,
  ]);
  return {
    latency,
    cpuMsPerPayment: cpuMsEach(server.child.pid, before, latency.requestsPerSecond * seconds),
  };
}

type MemberHeaders = { headers: Record<string, string>; pay: autocannon.Request };

async function memberHeaders(server: Server): Promise<MemberHeaders> {
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
    const onMeasured: Round[] = [];
    const offMeasured: Round[] = [];
    const measureOn = async () => {
      const scraper = setInterval(() => void scrape().catch(() => undefined), 1000);
      try {
        onMeasured.push(await round(on, seconds, onMember));
      } finally {
        clearInterval(scraper);
      }
    };
    const measureOff = async () => {
      offMeasured.push(await round(off, seconds, offMember));
    };
    // A round each before the count, not counted: the first seconds of a server compile its code, and whichever
    // went first paid for it.
    await round(on, Math.min(seconds, 2), onMember);
    await round(off, Math.min(seconds, 2), offMember);
    // Each round the other goes first, so that the machine's drift falls on both alike.
    for (let round = 0; round < rounds; round++) {
      for (const measure of round % 2 === 0 ? [measureOn, measureOff] : [measureOff, measureOn])
        await measure();
    }
    const onRounds = onMeasured.map((r) => r.latency);
    const offRounds = offMeasured.map((r) => r.latency);
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
    const pairs = onRounds.map(
      (on, n) => 1 - on.requestsPerSecond / (offRounds[n]?.requestsPerSecond ?? NaN),
    );
    const onCpu = medianOrNull(onMeasured.map((r) => r.cpuMsPerPayment));
    const offCpu = medianOrNull(offMeasured.map((r) => r.cpuMsPerPayment));
    const thousandths = (n: number) => Math.round(n * 1000) / 1000;
    return {
      on: {
        requestsPerSecond: onRate,
        rounds: onRounds.map((l) => l.requestsPerSecond),
        scrapes,
        cpuMsPerPayment: onCpu === null ? null : thousandths(onCpu),
      },
      off: {
        requestsPerSecond: offRate,
        rounds: offRounds.map((l) => l.requestsPerSecond),
        cpuMsPerPayment: offCpu === null ? null : thousandths(offCpu),
      },
      cost: thousandths(median(pairs)),
      pairs: pairs.map(thousandths),
      cpuCost: onCpu === null || offCpu === null ? null : thousandths(onCpu / offCpu - 1),
    };
  } finally {
    on?.child.kill('SIGTERM');
    off?.child.kill('SIGTERM');
  }
}
