import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { PRISM, prismMissing } from '../scripts/vendor-contract.mjs';
import type { CreatedTenant } from '../src/sandbox/domain/tenant-factory';

const scratchDirs: string[] = [];
process.on('exit', () => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

/** A new directory under the system's temporary one, removed when the bench exits (a 1M-transfer store is large). */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratchDirs.push(dir);
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Server {
  child: ChildProcess;
  url: string;
}

/** Starts a process and resolves with the URL its output announces (the first group of `ready`). */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<Server> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (!match) return;
      // Ready: what it writes later (a log line a request) is read and let go, as a log collector would.
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.stdout?.resume();
      child.stderr?.resume();
      resolve({ child, url: match[1] ?? '' });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}): ${out.slice(-500)}`)));
  });
}

/** How a console server is started: from its sources, as `npm start` does, unless serveFromBundle says otherwise. */
let serverCommand = ['--import', 'tsx', 'src/server/main.ts'];

/**
 * Starts every later console server from the bundle the image ships (`npm run build:server`, made here): the smoke
 * mode's choice, where a start from the sources (compiled module by module) costs more than the parts it serves.
 */
export function serveFromBundle() {
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  serverCommand = ['server-dist/server.mjs'];
}

/**
 * The console server as `npm start` ships it (file stores, the team's audit trail on, the settle clock running), as its own
 * process: one PID to measure and to stop. `env` may override any of it. `logFile`: its standard output goes to that
 * file, as a container runtime's log driver keeps it, instead of through a pipe this process reads (a reader that
 * would share the machine with the load it measures).
 */
export async function startConsoleServer(
  env: Record<string, string> = {},
  options: { logFile?: string } = {},
): Promise<Server> {
  const dir = scratchDir('bench-console-');
  const port = await freePort();
  const settings: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    SANDBOX_DB: join(dir, 'sandbox.db'),
    CONSOLE_DB: join(dir, 'console.db'),
    ...env,
  };
  if (options.logFile) return startAnswering(settings, options.logFile);
  // A server whose log is off says nothing when it listens: it is ready when its health check answers.
  if (settings.LOG_LEVEL === 'silent') return startAnswering(settings, null);
  return startProcess(process.execPath, serverCommand, settings, /Payout Console on (http:\/\/[\d.]+:\d+)/);
}

/** A server whose output this process does not read (it goes to `logFile`, or nowhere): ready when its health check answers. */
async function startAnswering(settings: Record<string, string>, logFile: string | null): Promise<Server> {
  const fd = logFile === null ? null : openSync(logFile, 'a');
  const child = spawn(process.execPath, serverCommand, {
    env: { ...process.env, ...settings },
    stdio: ['ignore', fd ?? 'ignore', 'inherit'],
  });
  // The child holds its own copy of the file.
  if (fd !== null) closeSync(fd);
  const url = `http://${settings.HOST}:${settings.PORT}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the console server exited (${child.exitCode})`);
    const answer = await fetch(`${url}/healthz`).catch(() => null);
    if (answer?.ok) return { child, url };
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error('the console server did not answer /healthz within 60 s');
}

/**
 * Servers a part may be given instead of starting its own: the smoke mode shares one console server and one Prism
 * between its parts (it checks that each part runs, and a start costs more than the part).
 */
export interface SharedServers {
  console: Server;
  prism: Server | null;
}

/** Prism mocking the vendor's OpenAPI, as the end-to-end tests run it; null (and a warning) where it is absent. */
export async function startPrism(openApiFile: string): Promise<Server | null> {
  if (prismMissing()) return null;
  const port = await freePort();
  try {
    return await startProcess(
      PRISM,
      ['mock', '--errors', '-h', '127.0.0.1', '-p', String(port), openApiFile],
      {},
      /Prism is listening on (http:\/\/[\d.]+:\d+)/,
    );
  } catch (error) {
    console.log(`Prism did not start: ${(error as Error).message}`);
    return null;
  }
}

/** Resident memory of a process, in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kib / 1024) * 10) / 10;
}

/**
 * CPU time a process has used, user and system, in milliseconds (Linux; null elsewhere): what a request costs the
 * server whatever else shares the machine, steadier than a rate.
 */
export function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** CPU a process spent on each of `count` things since `beforeMs` (cpuMsOf then); null where it cannot be told. */
export function cpuMsEach(pid: number | undefined, beforeMs: number | null, count: number): number | null {
  const after = cpuMsOf(pid);
  return beforeMs === null || after === null || count === 0 ? null : (after - beforeMs) / count;
}

/** The median of figures a part may lack (a process's CPU off Linux): null when any one is missing. */
export function medianOrNull(values: readonly (number | null)[]): number | null {
  return values.some((v) => v === null) ? null : median(values as number[]);
}

/** The server's live heap in MiB, after a full collection (a sandbox helper). */
export async function heapUsedMiB(url: string): Promise<number> {
  const memory = (await (await fetch(`${url}/sandbox/memory?collect=true`)).json()) as { heapUsed: number };
  return Math.round((memory.heapUsed / 1048576) * 10) / 10;
}

/** A test tenant and its team (the console server adds one member per role). */
export type Tenant = CreatedTenant & {
  members: {
    id: string;
    email: string;
    name: string;
    password: string;
    role: 'viewer' | 'support' | 'finance' | 'admin';
  }[];
};

/** The tenant's finance member, who pays. */
export function financeOf(tenant: Tenant) {
  const member = tenant.members.find((m) => m.role === 'finance');
  if (!member) throw new Error('the tenant has no finance member');
  return member;
}

export async function makeTenant(url: string, body: Record<string, unknown> = {}): Promise<Tenant> {
  const response = await fetch(`${url}/sandbox/tenants`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST /sandbox/tenants answered ${response.status}`);
  return (await response.json()) as Tenant;
}

export function authHeaders(tenant: Pick<Tenant, 'client_id' | 'api_key'>): Record<string, string> {
  return {
    Authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`,
    'Content-Type': 'application/json',
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A payment body by bank details: `key` makes each one a new payment. */
export function paymentBody(userId: string, key: string, amount = 100): string {
  return JSON.stringify({
    amount,
    platform: 'ach',
    user_id: userId,
    ach_info: { account_number: '123456789', routing_number: '021000021' },
    idempotency_key: key,
  });
}

export const ADDRESS_BODY = JSON.stringify({
  line_1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
});

export interface Latency {
  requestsPerSecond: number;
  /** Requests answered in the run, of every status. */
  answered: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon against `url`, summarised. */
export async function hammer(
  url: string,
  options: { connections: number; seconds: number; headers: Record<string, string> },
  requests: autocannon.Request[],
): Promise<Latency> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    answered: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts timeouts (no answer in 10 s) among its errors.
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
