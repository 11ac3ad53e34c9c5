import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreatedTenant } from '../src/sandbox/domain/tenant-factory';

const scratchDirs: string[] = [];
process.on('exit', () => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A new directory under the system's temporary one, removed when the bench exits: a run writes stores of up to
 * 800 MB (a million transfers), which are of no use once measured.
 */
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

/** The console server as its own process (node --import tsx, one PID to measure and to stop). */
export async function startConsoleServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', AUDIT_LOG: 'off', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('Payout Console on') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Resident memory of a process, in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kib / 1024) * 10) / 10;
}

/** CPU time a process has used so far, user and system, in µs (Linux: clock ticks of 10 ms). */
export function cpuMicroseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The server's live heap in MiB, after a full collection (a sandbox helper). */
export async function heapUsedMiB(url: string): Promise<number> {
  const memory = (await (await fetch(`${url}/sandbox/memory?collect=true`)).json()) as { heapUsed: number };
  return Math.round((memory.heapUsed / 1048576) * 10) / 10;
}

/** What POST /sandbox/tenants answers. */
export type Tenant = CreatedTenant;

export async function makeTenant(url: string): Promise<Tenant> {
  return (await (await fetch(`${url}/sandbox/tenants`, { method: 'POST' })).json()) as Tenant;
}

export function authHeaders(tenant: Pick<Tenant, 'client_id' | 'api_key'>): Record<string, string> {
  return {
    Authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`,
    'Content-Type': 'application/json',
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A payment body by bank details, for load: `key` makes each one a new payment. */
export function paymentBody(userId: string, key: string, amount = 100): string {
  return JSON.stringify({
    amount,
    platform: 'ach',
    user_id: userId,
    ach_info: { account_number: '123456789', routing_number: '021000021' },
    idempotency_key: key,
  });
}

/** An address body for PUT /v2/users/{id}/addresses. */
export const ADDRESS_BODY = JSON.stringify({
  line_1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
});
