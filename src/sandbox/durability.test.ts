import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../server/test/temp-dir';

/** The sandbox as its own process on a file, as `npm run sandbox` runs it; resolves with its URL. */
function startSandbox(dbFile: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts'], {
    env: { ...process.env, PORT: '0', SANDBOX_DB: dbFile, SANDBOX_SETTLE_MS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited early (${code})`)));
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('durability (WAL, synchronous=NORMAL)', () => {
  it('a SIGKILL mid-stream loses no answered payment, and no idempotency key maps to two transfers', async () => {
    const dbFile = join(tempDir('sandbox-crash-'), 'sandbox.db');
    const first = await startSandbox(dbFile);
    children.push(first.child);
    const tenant = (await (await fetch(`${first.url}/sandbox/tenants`, { method: 'POST' })).json()) as {
      client_id: string;
      api_key: string;
      users: { id: string }[];
    };
    const headers = {
      Authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`,
      'Content-Type': 'application/json',
    };
    const bodyFor = (key: string) =>
      JSON.stringify({
        amount: 100,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: '123456789', routing_number: '021000021' },
        metadata: { key },
        idempotency_key: key,
      });

    const keys = Array.from({ length: 400 }, (_, i) => `crash-${i}`);
    const answered = new Map<string, string>();
    let killed = false;
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++] as string;
        try {
          const response = await fetch(`${first.url}/v2/payments`, {
            method: 'POST',
            headers,
            body: bodyFor(key),
          });
          if (response.status === 201) answered.set(key, ((await response.json()) as { id: string }).id);
        } catch {
          // the process is gone: this request's outcome is unknown
        }
        if (!killed && answered.size >= 120) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(killed).toBe(true);
    expect(answered.size).toBeGreaterThanOrEqual(120);
    expect(answered.size).toBeLessThan(keys.length);

    const second = await startSandbox(dbFile);
    children.push(second.child);
    const base = second.url;
    for (const [, id] of answered) {
      expect((await fetch(`${base}/v2/transfers/${id}`, { headers })).status).toBe(200);
    }
    // Every stored transfer, page by page: each key at most once.
    const seen = new Map<string, number>();
    let cursor: string | undefined;
    for (;;) {
      const page = (await (
        await fetch(`${base}/v2/transfers?limit=100${cursor ? `&starting_after=${cursor}` : ''}`, { headers })
      ).json()) as { data: { id: string; metadata: { key: string } }[]; has_more: boolean };
      for (const transfer of page.data)
        seen.set(transfer.metadata.key, (seen.get(transfer.metadata.key) ?? 0) + 1);
      if (!page.has_more) break;
      cursor = page.data.at(-1)?.id;
    }
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    for (const key of answered.keys()) expect(seen.has(key)).toBe(true);
    // Replaying an answered key after the crash answers the same transfer.
    const [someKey, someId] = [...answered.entries()][0] as [string, string];
    const replay = await fetch(`${base}/v2/payments`, { method: 'POST', headers, body: bodyFor(someKey) });
    expect(((await replay.json()) as { id: string }).id).toBe(someId);
  }, 60_000);
});
