import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startConsoleProcess } from '../test/process';
import { tempDir } from '../test/temp-dir';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const json = { 'Content-Type': 'application/json' };

describe('a console server stopped while it serves', () => {
  it('answers every request it took before it stops, never with a 5xx, ends the open streams, and exits cleanly', async () => {
    const dir = tempDir('console-stop-');
    const server = await startConsoleProcess({
      SANDBOX_DB: join(dir, 'sandbox.db'),
      CONSOLE_DB: join(dir, 'console.db'),
      STATIC_DIR: dir,
    });
    children.push(server.child);
    const tenant = (await (
      await fetch(`${server.url}/sandbox/tenants`, { method: 'POST', headers: json, body: '{}' })
    ).json()) as {
      client_id: string;
      api_key: string;
      users: { id: string }[];
      members: { email: string; password: string; role: string }[];
    };
    const finance = tenant.members.find((m) => m.role === 'finance');
    const session = (await (
      await fetch(`${server.url}/api/team/sessions`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: finance?.email, password: finance?.password }),
      })
    ).json()) as { member_id: string; secret: string };
    const auth = `Basic ${Buffer.from(`${session.member_id}:${session.secret}`).toString('base64')}`;
    // An open page's stream: it must end when the server stops, not hold it open.
    const stream = await fetch(`${server.url}/api/team/events`, { headers: { Authorization: auth } });
    expect(stream.status).toBe(200);
    const streamEnded = stream
      .text()
      .then(() => 'ended')
      .catch(() => 'cut');

    const statuses: number[] = [];
    let refused = 0;
    let n = 0;
    const payer = async () => {
      // Until the server no longer takes a connection: each request on a keep-alive connection, as a proxy sends them.
      for (;;) {
        try {
          const answer = await fetch(`${server.url}/v2/payments`, {
            method: 'POST',
            headers: { ...json, Authorization: auth },
            body: JSON.stringify({
              amount: 100,
              platform: 'ach',
              user_id: tenant.users[0]?.id,
              ach_info: { account_number: '123456789', routing_number: '021000021' },
              idempotency_key: `stop-${n++}`,
            }),
          });
          statuses.push(answer.status);
          await answer.arrayBuffer();
        } catch {
          refused++;
          return;
        }
      }
    };
    const payers = Array.from({ length: 6 }, payer);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await Promise.all(payers);
    const [code] = await exited;

    expect(statuses.length, 'payments were answered before the stop').toBeGreaterThan(6);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([201]));
    expect(refused).toBe(6);
    expect(await streamEnded).toBe('ended');
    expect(code).toBe(0);
  });
});
