import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BASELINE_HEADERS } from '../src/sandbox/baseline-headers';
import {
  ADDRESS_BODY,
  authHeaders,
  cpuMicroseconds,
  freePort,
  makeTenant,
  paymentBody,
  scratchDir,
} from './lib';

export interface CaseResult {
  name: string;
  target: 'sandbox' | 'node ceiling' | 'node, sandbox-shaped answer' | 'prism';
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  non2xx: number;
  /**
   * Where the time went, as shares of one core over the case: the server process (all its threads) and this
   * process, which is the load generator. A side near 100% is what bounds the figure.
   */
  serverCpu: number;
  generatorCpu: number;
  /** The server's CPU per answered request, µs. */
  serverMicrosPerRequest: number;
}

const VENDOR_OPENAPI = '../shared/reference/dots-v2-openapi.yaml';

export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) resolve(match[1] ?? '');
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}): ${out.slice(-500)}`)));
  });
  return { child, url };
}

type Server = Awaited<ReturnType<typeof startProcess>>;

async function measure(
  name: string,
  target: CaseResult['target'],
  server: Server,
  request: autocannon.Request,
  headers: Record<string, string>,
  seconds: number,
): Promise<CaseResult> {
  const pid = server.child.pid as number;
  const serverBefore = cpuMicroseconds(pid);
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: server.url,
    connections: 50,
    duration: seconds,
    headers,
    requests: [request],
  });
  const wallMicros = (performance.now() - started) * 1000;
  const serverMicros = cpuMicroseconds(pid) - serverBefore;
  const generator = process.cpuUsage(generatorBefore);
  return {
    name,
    target,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    serverCpu: serverMicros / wallMicros,
    generatorCpu: (generator.user + generator.system) / wallMicros,
    serverMicrosPerRequest: serverMicros / Math.max(1, result.requests.total),
  };
}

/** Rounds of the cases measured in turns with the references. */
const ROUNDS = 3;

/** The round of median throughput (its latencies with it). */
function medianRound(rounds: readonly CaseResult[]): CaseResult {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('No rounds measured');
  return median;
}

export interface LoadCase {
  name: string;
  request: (id: string) => autocannon.Request;
}

/**
 * A tenant with a transfer to read and 150 more to list, and the four cases the bench loads: a payment (each with a
 * new idempotency key), a read of one transfer, a page of 100, an address.
 */
export async function prepareLoad(url: string) {
  const tenant = await makeTenant(url);
  const headers = authHeaders(tenant);
  const userId = tenant.users[0]?.id ?? '';
  const payment = (key: string) => paymentBody(userId, key);
  let counter = 0;
  const seed = await fetch(`${url}/v2/payments`, { method: 'POST', headers, body: payment('seed') });
  const transferId = ((await seed.json()) as { id: string }).id;
  for (let i = 0; i < 150; i++)
    await fetch(`${url}/v2/payments`, { method: 'POST', headers, body: payment(`fill-${i}`) });
  const transferBytes = (await (await fetch(`${url}/v2/transfers/${transferId}`, { headers })).text()).length;
  const cases: LoadCase[] = [
    {
      name: 'POST /v2/payments',
      request: () => ({
        method: 'POST',
        path: '/v2/payments',
        setupRequest: (r) => ({ ...r, body: payment(`bench-${counter++}`) }),
      }),
    },
    { name: 'GET /v2/transfers/{id}', request: (id) => ({ method: 'GET', path: `/v2/transfers/${id}` }) },
    {
      name: 'GET /v2/transfers?limit=100',
      request: () => ({ method: 'GET', path: '/v2/transfers?limit=100' }),
    },
    {
      name: 'PUT /v2/users/{id}/addresses',
      request: () => ({ method: 'PUT', path: `/v2/users/${userId}/addresses`, body: ADDRESS_BODY }),
    },
  ];
  return { headers, transferId, transferBytes, cases };
}

/**
 * The sandbox's routes under load (50 connections, `seconds` each), beside two references measured in the same
 * run: a bare node:http server (the ceiling of this machine) and Prism mocking the vendor's OpenAPI.
 */
export async function runRouteBenchmarks(seconds = 10): Promise<CaseResult[]> {
  const children: ChildProcess[] = [];
  const results: CaseResult[] = [];
  try {
    const dbFile = join(scratchDir('bench-routes-'), 'sandbox.db');
    const sandbox = await startProcess(
      process.execPath,
      ['--import', 'tsx', 'src/sandbox/main.ts'],
      { PORT: '0', SANDBOX_DB: dbFile, SANDBOX_SETTLE_MS: '0' },
      /on (http:\/\/[\d.]+:\d+)/,
    );
    children.push(sandbox.child);
    const { headers, transferId, transferBytes, cases } = await prepareLoad(sandbox.url);
    const bare = await startProcess(
      process.execPath,
      ['bench/bare-server.mjs'],
      { PORT: '0' },
      /on (http:\/\/[\d.]+:\d+)/,
    );
    children.push(bare.child);
    // The same bare server answering with the sandbox's headers and a body the size of the sandbox's answer.
    const shaped = await startProcess(
      process.execPath,
      ['bench/bare-server.mjs'],
      {
        PORT: '0',
        SHAPED_HEADERS: JSON.stringify({ ...BASELINE_HEADERS, 'Cache-Control': 'no-store' }),
        SHAPED_BODY_BYTES: String(transferBytes),
      },
      /on (http:\/\/[\d.]+:\d+)/,
    );
    children.push(shaped.child);

    // The two cases with targets against the ceiling are measured in turns with the references, round after round,
    // so that a slower minute of this shared machine slows all three alike; each figure is the median round.
    const rivals: [CaseResult['target'], Server][] = [
      ['node ceiling', bare],
      ['node, sandbox-shaped answer', shaped],
      ['sandbox', sandbox],
    ];
    for (const c of cases.slice(0, 2)) {
      const rounds = new Map<CaseResult['target'], CaseResult[]>();
      for (let round = 0; round < ROUNDS; round++) {
        for (const [target, server] of rivals) {
          const result = await measure(c.name, target, server, c.request(transferId), headers, seconds / 2);
          rounds.set(target, [...(rounds.get(target) ?? []), result]);
        }
      }
      for (const [target] of rivals) results.push(medianRound(rounds.get(target) ?? []));
    }
    for (const c of cases.slice(2))
      results.push(await measure(c.name, 'sandbox', sandbox, c.request(transferId), headers, seconds));
    for (const server of [sandbox, bare, shaped]) server.child.kill('SIGTERM');

    if (existsSync(VENDOR_OPENAPI) && existsSync('node_modules/.bin/prism')) {
      const port = await freePort();
      const prism = await startProcess(
        'node_modules/.bin/prism',
        ['mock', '--errors', '-h', '127.0.0.1', '-p', String(port), VENDOR_OPENAPI],
        {},
        /Prism is listening on (http:\/\/[\d.]+:\d+)/,
      );
      children.push(prism.child);
      for (const c of cases)
        results.push(await measure(c.name, 'prism', prism, c.request(transferId), headers, seconds));
      prism.child.kill('SIGTERM');
    } else {
      console.log('Prism skipped: the vendor OpenAPI or @stoplight/prism-cli is absent');
    }
    return results;
  } finally {
    for (const child of children) child.kill('SIGKILL');
  }
}
