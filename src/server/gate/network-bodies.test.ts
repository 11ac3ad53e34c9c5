import type { ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleProcess } from '../test/process';
import { tempDir } from '../test/temp-dir';
import { achPayment } from '../test/tenants';

/**
 * Bodies as they come off the network, to the console server as `npm start` runs it: with a declared length, and
 * chunked (no length). The body check reads each body once into the request's cache; what the gate judges (the
 * member's daily limit here) must be what the sandbox is sent, for either kind of body.
 */

const json = { 'Content-Type': 'application/json' };
let child: ChildProcess;
let url = '';
let headers: Record<string, string> = {};
let userId = '';

/** Sends `body` in two chunks without a Content-Length (Transfer-Encoding: chunked). */
function postChunked(path: string, body: string, method = 'POST'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const req = httpRequest(
      target,
      { method, headers: { ...headers, 'Transfer-Encoding': 'chunked' } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    setTimeout(() => req.end(body.slice(half)), 20);
  });
}

beforeAll(async () => {
  const dir = tempDir('network-bodies-');
  const started = await startConsoleProcess({
    SANDBOX_DB: join(dir, 'sandbox.db'),
    CONSOLE_DB: join(dir, 'console.db'),
    STATIC_DIR: dir,
  });
  child = started.child;
  url = started.url;
  const tenant = (await (
    await fetch(`${url}/sandbox/tenants`, {
      method: 'POST',
      headers: json,
      // Approvals above $100.00; a member may move $2.50 a day alone.
      body: JSON.stringify({ approval_limit_cents: 10_000, member_daily_limit_cents: 250 }),
    })
  ).json()) as {
    users: { id: string }[];
    members: { role: string; email: string; password: string }[];
  };
  userId = tenant.users[0]?.id ?? '';
  const finance = tenant.members.find((m) => m.role === 'finance');
  const answer = await fetch(`${url}/api/team/sessions`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: finance?.email, password: finance?.password }),
  });
  const { member_id, secret } = (await answer.json()) as { member_id: string; secret: string };
  headers = { ...json, Authorization: `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}` };
}, 60_000);

afterAll(() => {
  child?.kill('SIGKILL');
});

describe('a member’s payment off the network', () => {
  it('is judged and sent as it came, with a length or chunked: the amounts paid are the amounts counted', async () => {
    const withLength = await fetch(`${url}/v2/payments`, {
      method: 'POST',
      headers,
      body: JSON.stringify(achPayment(userId, 100)),
    });
    expect(withLength.status).toBe(201);
    expect(((await withLength.json()) as { amount: number }).amount).toBe(100);

    const chunked = await postChunked('/v2/payments', JSON.stringify(achPayment(userId, 120)));
    expect(chunked.status, chunked.text).toBe(201);
    expect((JSON.parse(chunked.text) as { amount: number }).amount).toBe(120);

    // $2.20 of the day's $2.50 is spent: a chunked $0.40 is refused by the limit, a chunked $0.30 goes.
    const over = await postChunked('/v2/payments', JSON.stringify(achPayment(userId, 40)));
    expect(over.status, over.text).toBe(403);
    expect(over.text).toContain('daily');
    const within = await postChunked('/v2/payments', JSON.stringify(achPayment(userId, 30)));
    expect(within.status, within.text).toBe(201);
    expect((JSON.parse(within.text) as { amount: number }).amount).toBe(30);
  });

  it('a write the gate sends on unread (an address) reaches the service whole, chunked or not', async () => {
    const address = {
      line_1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postcode: '62701',
      country: 'US',
    };
    const chunked = await postChunked(`/v2/users/${userId}/addresses`, JSON.stringify(address), 'PUT');
    expect(chunked.status, chunked.text).toBe(200);
    expect(chunked.text).toContain('Springfield');
    const withLength = await fetch(`${url}/v2/users/${userId}/addresses`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...address, city: 'Shelbyville' }),
    });
    expect(withLength.status).toBe(200);
    expect(await withLength.text()).toContain('Shelbyville');
  });

  it('nested too deep is refused with 400 whether its length is declared or not', async () => {
    const deep = `${'['.repeat(2000)}${']'.repeat(2000)}`;
    const withLength = await fetch(`${url}/v2/payments`, { method: 'POST', headers, body: deep });
    expect(withLength.status).toBe(400);
    const chunked = await postChunked('/v2/payments', deep);
    expect(chunked.status).toBe(400);
    expect(chunked.text).toContain('body-too-deep');
  });
});
