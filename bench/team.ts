import { authHeaders, financeOf, hammer, type Latency, makeTenant, median, paymentBody } from './lib';

export interface TeamResult {
  signIn: { runs: number; p50: number; p95: number };
  /** Requests a second with the organization's key and with a member's session, same server, rounds in turns. */
  payments: { key: Latency; member: Latency };
  reads: { key: Latency; member: Latency };
}

function medianRound(rounds: readonly Latency[]): Latency {
  const rate = median(rounds.map((r) => r.requestsPerSecond));
  return rounds.find((r) => r.requestsPerSecond === rate) ?? (rounds[0] as Latency);
}

async function signInOnce(
  url: string,
  email: string,
  password: string,
): Promise<{ ms: number; auth: string }> {
  const started = performance.now();
  const answer = await fetch(`${url}/api/team/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const ms = performance.now() - started;
  if (answer.status !== 201) throw new Error(`sign-in answered ${answer.status}`);
  const { member_id, secret } = (await answer.json()) as { member_id: string; secret: string };
  return { ms, auth: `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}` };
}

/**
 * What the team's gate costs an operator: sign-in latency (an argon2id verification, a session and an audit row),
 * and a member's payments and reads (a session look-up, the role check, the organization's credentials, an audit
 * row per write) against the same requests made with the organization's key, on one server, in turns.
 */
export async function runTeamCases(
  url: string,
  seconds: number,
  { rounds = 3, signIns = 40 }: { rounds?: number; signIns?: number } = {},
): Promise<TeamResult> {
  const tenant = await makeTenant(url);
  const member = financeOf(tenant);
  const times: number[] = [];
  let auth = '';
  for (let i = 0; i < signIns; i++) {
    const once = await signInOnce(url, member.email, member.password);
    times.push(once.ms);
    auth = once.auth;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round((times[Math.ceil(q * times.length) - 1] ?? 0) * 10) / 10;

  const keyHeaders = authHeaders(tenant);
  const memberHeaders = { ...keyHeaders, Authorization: auth };
  const userId = tenant.users[0]?.id ?? '';
  const seed = await fetch(`${url}/v2/payments`, {
    method: 'POST',
    headers: keyHeaders,
    body: paymentBody(userId, 'team-seed'),
  });
  const transferId = ((await seed.json()) as { id: string }).id;
  let counter = 0;
  const pay = {
    method: 'POST' as const,
    path: '/v2/payments',
    setupRequest: (r: object) => ({ ...r, body: paymentBody(userId, `team-${counter++}`) }),
  };
  const read = { method: 'GET' as const, path: `/v2/transfers/${transferId}` };
  const compare = async (request: typeof pay | typeof read) => {
    const key: Latency[] = [];
    const mine: Latency[] = [];
    for (let round = 0; round < rounds; round++) {
      key.push(await hammer(url, { connections: 50, seconds, headers: keyHeaders }, [request]));
      mine.push(await hammer(url, { connections: 50, seconds, headers: memberHeaders }, [request]));
    }
    return { key: medianRound(key), member: medianRound(mine) };
  };
  return {
    signIn: { runs: times.length, p50: at(0.5), p95: at(0.95) },
    payments: await compare(pay),
    reads: await compare(read),
  };
}
