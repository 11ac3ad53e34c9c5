import type autocannon from 'autocannon';
import {
  ADDRESS_BODY,
  authHeaders,
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

export interface CaseResult {
  name: string;
  sandbox: Latency;
  prism: Latency | null;
}

interface Case {
  name: string;
  request: autocannon.Request;
}

/** The round of median throughput, with its latencies. */
function medianRound(rounds: readonly Latency[]): Latency {
  const rate = median(rounds.map((r) => r.requestsPerSecond));
  return rounds.find((r) => r.requestsPerSecond === rate) ?? (rounds[0] as Latency);
}

/**
 * The sandbox as `npm start` ships it (the console server, a file store, the audit log on) against Prism mocking the
 * vendor's OpenAPI, case by case, in turns (sandbox, Prism, sandbox, ...): this shared machine's speed drifts from
 * minute to minute, and taking turns lets the drift fall on both alike. Each figure is the median of three rounds.
 */
export async function runSandboxCases(
  openApiFile: string,
  seconds: number,
  extraCases: (url: string, headers: Record<string, string>) => Promise<Case[]> = async () => [],
  rounds = 3,
  shared?: SharedServers,
): Promise<CaseResult[]> {
  let sandbox: Server | null = null;
  let prism: Server | null = null;
  try {
    sandbox = shared?.console ?? (await startConsoleServer());
    prism = shared ? shared.prism : await startPrism(openApiFile);
    const tenant = await makeTenant(sandbox.url);
    const headers = authHeaders(tenant);
    const userId = tenant.users[0]?.id ?? '';
    const seed = await fetch(`${sandbox.url}/v2/payments`, {
      method: 'POST',
      headers,
      body: paymentBody(userId, 'seed'),
    });
    const transferId = ((await seed.json()) as { id: string }).id;
    for (let i = 0; i < 150; i++) {
      await fetch(`${sandbox.url}/v2/payments`, {
        method: 'POST',
        headers,
        body: paymentBody(userId, `f${i}`),
      });
    }
    let counter = 0;
    const cases: Case[] = [
      {
        name: 'POST /v2/payments',
        request: {
          method: 'POST',
          path: '/v2/payments',
          setupRequest: (r) => ({ ...r, body: paymentBody(userId, `bench-${counter++}`) }),
        },
      },
      { name: 'GET /v2/transfers/{id}', request: { method: 'GET', path: `/v2/transfers/${transferId}` } },
      { name: 'GET /v2/transfers?limit=100', request: { method: 'GET', path: '/v2/transfers?limit=100' } },
      {
        name: 'PUT /v2/users/{id}/addresses',
        request: { method: 'PUT', path: `/v2/users/${userId}/addresses`, body: ADDRESS_BODY },
      },
      ...(await extraCases(sandbox.url, headers)),
    ];
    const results: CaseResult[] = [];
    for (const c of cases) {
      const ours: Latency[] = [];
      const theirs: Latency[] = [];
      for (let round = 0; round < rounds; round++) {
        ours.push(await hammer(sandbox.url, { connections: 50, seconds, headers }, [c.request]));
        if (prism) theirs.push(await hammer(prism.url, { connections: 50, seconds, headers }, [c.request]));
      }
      results.push({ name: c.name, sandbox: medianRound(ours), prism: prism ? medianRound(theirs) : null });
      console.log(c.name, results.at(-1));
    }
    return results;
  } finally {
    if (!shared) {
      sandbox?.child.kill('SIGTERM');
      prism?.child.kill('SIGTERM');
    }
  }
}
