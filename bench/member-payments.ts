import autocannon from 'autocannon';
import {
  authHeaders,
  financeOf,
  hammer,
  type Latency,
  makeTenant,
  median,
  paymentBody,
  type Server,
  type SharedServers,
  startConsoleServer,
  startPrism,
} from './lib';

export interface MemberPaymentsResult {
  /** A finance member's POST /v2/payments through the console server, and Prism's, in turns (the median rounds). */
  member: Latency;
  prism: Latency | null;
  /**
   * One member paying one-cent payments, `inFlight` at a time: payments a second at the start of their day and after
   * `laterFrom`; then, in turns (the median of three rounds each), theirs after `laterFrom` and those of another paying
   * member of the same organization whose day is empty, so that the drift of a shared machine falls on both alike.
   */
  day: {
    inFlight: number;
    sample: number;
    first: number;
    later: number;
    laterFrom: number;
    inTurns: { later: number; fresh: number };
  };
}

function medianRound(rounds: readonly Latency[]): Latency {
  const rate = median(rounds.map((r) => r.requestsPerSecond));
  return rounds.find((r) => r.requestsPerSecond === rate) ?? (rounds[0] as Latency);
}

async function memberAuthorization(url: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${url}/api/team/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (answer.status !== 201) throw new Error(`sign-in answered ${answer.status}`);
  const { member_id, secret } = (await answer.json()) as { member_id: string; secret: string };
  return `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}`;
}

/** `amount` payments by one member, `connections` at a time: payments a second, and every answer a 201. */
async function payMany(
  url: string,
  headers: Record<string, string>,
  userId: string,
  amount: number,
  connections: number,
  keyOf: () => string,
): Promise<number> {
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    amount,
    headers,
    requests: [
      {
        method: 'POST',
        path: '/v2/payments',
        setupRequest: (r) => ({ ...r, body: paymentBody(userId, keyOf(), 1) }),
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${result.errors} errors and ${result.non2xx} non-2xx answers among ${amount} payments`);
  }
  return Math.round(amount / seconds);
}

/**
 * A member's payment through the console server (session, role, the payment checked and stamped, the policy and
 * the member's daily limit, the organization's credentials, the audit line) beside Prism serving the vendor's
 * document, in turns; then how its rate holds as the member's day grows: one finance member pays one-cent payments,
 * `inFlight` at a time, and the rate of the first `sample` is set beside the rate of `sample` more after `laterFrom`.
 */
export async function runMemberPayments(
  openApiFile: string,
  seconds: number,
  day: { laterFrom: number; sample?: number; inFlight?: number } = { laterFrom: 50_000 },
  rounds = 3,
  shared?: SharedServers,
): Promise<MemberPaymentsResult> {
  const sample = day.sample ?? 2_000;
  const inFlight = day.inFlight ?? 16;
  let server: Server | null = null;
  let prism: Server | null = null;
  try {
    server = shared?.console ?? (await startConsoleServer());
    prism = shared ? shared.prism : await startPrism(openApiFile);
    const tenant = await makeTenant(server.url);
    const finance = financeOf(tenant);
    const headers = {
      ...authHeaders(tenant),
      Authorization: await memberAuthorization(server.url, finance.email, finance.password),
    };
    const userId = tenant.users[0]?.id ?? '';
    let counter = 0;
    const pay: autocannon.Request = {
      method: 'POST',
      path: '/v2/payments',
      setupRequest: (r) => ({ ...r, body: paymentBody(userId, `member-${counter++}`) }),
    };
    const ours: Latency[] = [];
    const theirs: Latency[] = [];
    for (let round = 0; round < rounds; round++) {
      ours.push(await hammer(server.url, { connections: 50, seconds, headers }, [pay]));
      if (prism) theirs.push(await hammer(prism.url, { connections: 50, seconds, headers }, [pay]));
    }
    console.log('member payments:', JSON.stringify({ ours, theirs }));

    // A member of a new tenant whose day starts empty, with a daily limit far above what the run moves.
    const dayTenant = await makeTenant(server.url, { member_daily_limit_cents: 100_000_000 });
    const payer = financeOf(dayTenant);
    const dayHeaders = {
      ...authHeaders(dayTenant),
      Authorization: await memberAuthorization(server.url, payer.email, payer.password),
    };
    const dayUser = dayTenant.users[0]?.id ?? '';
    let n = 0;
    const key = () => `day-${n++}`;
    const first = await payMany(server.url, dayHeaders, dayUser, sample, inFlight, key);
    console.log(`the first ${sample}: ${first}/s`);
    for (let paid = sample; paid < day.laterFrom; paid += 10_000) {
      await payMany(server.url, dayHeaders, dayUser, Math.min(10_000, day.laterFrom - paid), inFlight, key);
      console.log(`paid ${Math.min(paid + 10_000, day.laterFrom)}`);
    }
    const later = await payMany(server.url, dayHeaders, dayUser, sample, inFlight, key);
    console.log(`${sample} after the ${day.laterFrom}th: ${later}/s`);
    // The organization's admin pays too: a member of the same organization (the same store, the same trail) whose
    // own day holds nothing yet.
    const admin = dayTenant.members.find((m) => m.role === 'admin');
    if (!admin) throw new Error('the tenant has no admin');
    const freshHeaders = {
      ...dayHeaders,
      Authorization: await memberAuthorization(server.url, admin.email, admin.password),
    };
    const laterRounds: number[] = [];
    const freshRounds: number[] = [];
    for (let round = 0; round < rounds; round++) {
      laterRounds.push(await payMany(server.url, dayHeaders, dayUser, sample, inFlight, key));
      freshRounds.push(await payMany(server.url, freshHeaders, dayUser, sample, inFlight, key));
    }
    console.log('in turns:', JSON.stringify({ laterRounds, freshRounds }));
    return {
      member: medianRound(ours),
      prism: prism ? medianRound(theirs) : null,
      day: {
        inFlight,
        sample,
        first,
        later,
        laterFrom: day.laterFrom,
        inTurns: { later: median(laterRounds), fresh: median(freshRounds) },
      },
    };
  } finally {
    if (!shared) {
      server?.child.kill('SIGTERM');
      prism?.child.kill('SIGTERM');
    }
  }
}
