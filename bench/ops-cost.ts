import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  scratchDir,
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
  /** Each round's pair, 1 - on / off, pair of servers by pair. */
  pairs: number[];
  /** How many pairs of servers were started, each measured `rounds` times. */
  instances: number;
  /**
   * What they add to the server's CPU for a payment (on / off - 1; the median round of each): steadier than the rate on a
   * machine whose other work comes and goes, shown beside it. Null where a process's CPU cannot be read.
   */
  cpuCost: number | null;
  /**
   * The JSON lines the server with logs on wrote (to a file, as a container's log driver keeps them), by kind, and the
   * payments it answered: a line per request and per money event, or the run measured a log that was not written.
   */
  logged: LogLines;
}

/** The log's request and money lines, and the payments they were written for. */
interface LogLines {
  request: number;
  money: number;
  payments: number;
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
    cpuMsPerPayment: cpuMsEach(server.child.pid, before, latency.answered),
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
 * What Prometheus metrics and structured logs cost a member's payment: console servers as `npm start` ships them, one
 * with metrics on (their own listener, scraped every second as a scraper would, far more often than Prometheus's
 * default) and a JSON log line per request and money event, one with both off; a finance member's payments on each,
 * in turns, `rounds` rounds of `seconds`. `instances` such pairs one after the other, each pair new processes: one
 * process of this server runs up to a tenth faster or slower than another of the same build for as long as it lives
 * (where its memory and code happened to land), so a single pair measured two processes as much as the feature.
 */
export async function runOpsCost(seconds: number, rounds: number, instances: number): Promise<OpsCostResult> {
  const measured: PairMeasured[] = [];
  for (let n = 0; n < instances; n++) measured.push(await measurePair(seconds, rounds));
  const onMeasured = measured.flatMap((m) => m.on);
  const offMeasured = measured.flatMap((m) => m.off);
  const onRate = median(onMeasured.map((r) => r.latency.requestsPerSecond));
  const offRate = median(offMeasured.map((r) => r.latency.requestsPerSecond));
  const pairs = onMeasured.map(
    (on, n) => 1 - on.latency.requestsPerSecond / (offMeasured[n]?.latency.requestsPerSecond ?? NaN),
  );
  const onCpu = medianOrNull(onMeasured.map((r) => r.cpuMsPerPayment));
  const offCpu = medianOrNull(offMeasured.map((r) => r.cpuMsPerPayment));
  const thousandths = (n: number) => Math.round(n * 1000) / 1000;
  const sum = (key: keyof LogLines) => measured.reduce((total, m) => total + m.logged[key], 0);
  return {
    on: {
      requestsPerSecond: onRate,
      rounds: onMeasured.map((r) => r.latency.requestsPerSecond),
      scrapes: measured.reduce((total, m) => total + m.scrapes, 0),
      cpuMsPerPayment: onCpu === null ? null : thousandths(onCpu),
    },
    off: {
      requestsPerSecond: offRate,
      rounds: offMeasured.map((r) => r.latency.requestsPerSecond),
      cpuMsPerPayment: offCpu === null ? null : thousandths(offCpu),
    },
    instances,
    cost: thousandths(median(pairs)),
    pairs: pairs.map(thousandths),
    cpuCost: onCpu === null || offCpu === null ? null : thousandths(onCpu / offCpu - 1),
    logged: { request: sum('request'), money: sum('money'), payments: sum('payments') },
  };
}

interface PairMeasured {
  on: Round[];
  off: Round[];
  scrapes: number;
  logged: LogLines;
}

/** One pair of new servers, on and off, measured in turns; the one with logs stopped and its lines counted. */
async function measurePair(seconds: number, rounds: number): Promise<PairMeasured> {
  const metricsPort = await freePort();
  const logFile = join(scratchDir('bench-ops-log-'), 'console.log');
  const servers = await Promise.allSettled([
    startConsoleServer(
      { METRICS_PORT: String(metricsPort), LOG_FORMAT: 'json', LOG_LEVEL: 'info' },
      { logFile },
    ),
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
    const warmOn = await round(on, Math.min(seconds, 2), onMember);
    await round(off, Math.min(seconds, 2), offMember);
    // Each round the other goes first, so that the machine's drift falls on both alike.
    for (let round = 0; round < rounds; round++) {
      for (const measure of round % 2 === 0 ? [measureOn, measureOff] : [measureOff, measureOn])
        await measure();
    }
    for (const [name, measured] of [
      ['on', onMeasured],
      ['off', offMeasured],
    ] as const) {
      const broken = measured.find((r) => r.latency.errors > 0 || r.latency.non2xx > 0);
      if (broken)
        throw new Error(
          `payments with metrics and logs ${name}: ${broken.latency.errors} errors, ${broken.latency.non2xx} not 2xx`,
        );
    }
    const payments = [warmOn, ...onMeasured].reduce((sum, r) => sum + r.latency.answered, 0);
    const logged = { ...(await linesOnceStopped(on, logFile)), payments };
    if (logged.request < payments || logged.money < payments)
      throw new Error(`the log with logs on holds ${JSON.stringify(logged)}: a line short`);
    return { on: onMeasured, off: offMeasured, scrapes, logged };
  } finally {
    on?.child.kill('SIGTERM');
    off?.child.kill('SIGTERM');
  }
}

/** Stops the server (it writes what it still holds as it stops) and counts its log's JSON lines by kind. */
async function linesOnceStopped(server: Server, file: string): Promise<Omit<LogLines, 'payments'>> {
  if (server.child.exitCode === null) {
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await exited;
  }
  const counts = { request: 0, money: 0 };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const { kind } = JSON.parse(line) as { kind?: string };
    if (kind === 'request' || kind === 'money') counts[kind]++;
  }
  return counts;
}
