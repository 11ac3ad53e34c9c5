import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../sandbox/app';
import { listen } from '../sandbox/test/harness';
import { createConsoleApp } from './app';
import { upstreamUrlFor } from './gate/proxy';
import { config } from './test/config';

const basicFor = (clientId: string, key: string) =>
  `Basic ${Buffer.from(`${clientId}:${key}`).toString('base64')}`;

describe('local exposure', () => {
  const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
  const app = createConsoleApp(config(), sandbox);

  it('refuses a foreign Host on /v2 and /sandbox (DNS rebinding), but serves loopback names', async () => {
    for (const path of ['/v2/organizations', '/sandbox/tenants']) {
      const foreign = await app.request(path, { headers: { Host: 'evil.example:8080' } });
      expect(foreign.status).toBe(421);
      expect((await foreign.json()).error_code).toBe('host-not-allowed');
    }
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080']) {
      expect((await app.request('/v2/organizations', { headers: { Host: host } })).status).toBe(401);
    }
  });

  it('refuses a state-changing request from a foreign Origin; the same origin passes', async () => {
    const foreign = await app.request('/sandbox/tenants', {
      method: 'POST',
      headers: { Host: 'localhost:8080', Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error_code).toBe('foreign-origin');
    const same = await app.request('/sandbox/tenants', {
      method: 'POST',
      headers: { Host: 'localhost:8080', Origin: 'http://localhost:8080' },
    });
    expect(same.status).toBe(201);
  });

  it('answers the sandbox helpers to loopback clients only, unless SANDBOX_HELPERS=on', async () => {
    const remote = { incoming: { socket: { remoteAddress: '192.0.2.10' } } };
    const local = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    const post = (target: ReturnType<typeof createConsoleApp>, env: object) =>
      target.request('/sandbox/tenants', { method: 'POST', headers: { Host: 'localhost' } }, env);
    expect((await post(app, remote)).status).toBe(403);
    expect((await post(app, local)).status).toBe(201);
    const open = createConsoleApp(config({ sandboxHelpersForEveryone: true }), sandbox);
    expect((await post(open, remote)).status).toBe(201);
  });
});

describe('proxy hardening', () => {
  let upstream: Server;
  let upstreamUrl: URL;
  const seenPaths: string[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seenPaths.push(req.url ?? '');
      if (req.url?.includes('huge')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(`"${'x'.repeat(2048)}"`);
        return;
      }
      res.writeHead(401, {
        'Content-Type': 'application/json',
        'WWW-Authenticate': 'Basic realm="upstream"',
        'Set-Cookie': 'session=1',
        Connection: 'close',
        'Transfer-Encoding': 'chunked',
        'X-Powered-By': 'upstream',
      });
      res.end('{"success":false,"message":"nope"}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`);
  });
  afterAll(() => {
    upstream.closeAllConnections();
    upstream.close();
  });

  it('keeps every request inside {base}/v2/: no dot segments, encoded or not, no other host', () => {
    const base = new URL('https://api.dots.dev/api');
    expect(upstreamUrlFor(base, '/v2/transfers?limit=1')).toBe(
      'https://api.dots.dev/api/v2/transfers?limit=1',
    );
    for (const path of [
      '/v2/../admin',
      '/v2/%2e%2e/admin',
      '/v2/%2E%2E/%2e%2e/x',
      '/v2/.%2e/x',
      '/v2/..\\x',
      '/v2/%5c..%5cx',
      '/v2//evil.example/x',
      '/v2/a%2f..%2f..%2fx',
      '/admin',
      '//evil.example/v2/x',
    ]) {
      expect(upstreamUrlFor(base, path), path).toBeNull();
    }
  });

  it('a path that would escape never reaches the upstream', async () => {
    const app = createConsoleApp(config({ upstreamUrl }), null);
    const before = seenPaths.length;
    for (const path of ['/v2/%2e%2e/%2e%2e/secret', '/v2/..%5c..%5csecret', '/v2/x/%2e%2e/%2e%2e/%2e%2e/y']) {
      const answer = await app.request(path);
      // Normalized away from /v2 (the console's own page) or refused: never the upstream's 401.
      expect([200, 400, 404]).toContain(answer.status);
    }
    expect(seenPaths.length).toBe(before);
  });

  it('strips cookies, hop-by-hop headers and WWW-Authenticate from the answer', async () => {
    const app = createConsoleApp(config({ upstreamUrl }), null);
    const answer = await app.request('/v2/organizations', { headers: { Authorization: 'Basic eDp5' } });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ success: false, message: 'nope' });
    for (const header of [
      'WWW-Authenticate',
      'Set-Cookie',
      'Connection',
      'Transfer-Encoding',
      'X-Powered-By',
    ]) {
      expect(answer.headers.get(header), header).toBeNull();
    }
  });

  it('caps the size of an answer', async () => {
    const app = createConsoleApp(config({ upstreamUrl, proxyMaxResponseBytes: 1024 }), null);
    const answer = await app.request('/v2/transfers?huge=1');
    expect(answer.status).toBe(502);
    expect((await answer.json()).error_code).toBe('upstream-response-too-large');
  });
});

describe('answer headers through Node', () => {
  // The headers go on the Node response there (not through Hono's Headers): what a browser gets is checked here.
  it('every answer carries the baseline headers and a request id; a page keeps its own policy', async () => {
    const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
    const { url, close } = await listen(createConsoleApp(config(), sandbox));
    try {
      const api = await fetch(`${url}/v2/organizations`);
      expect(api.status).toBe(401);
      expect(api.headers.get('Cache-Control')).toBe('no-store');
      expect(api.headers.get('X-Request-Id')).toMatch(/^req_[0-9a-f]{32}$/);
      expect(api.headers.get('WWW-Authenticate')).toContain('Basic');
      const page = await fetch(`${url}/payments/new`);
      const policy = page.headers.get('Content-Security-Policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy.match(/default-src/g)).toHaveLength(1);
      expect(page.headers.get('Cache-Control')).toBe('no-store');
      for (const answer of [api, page]) {
        expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
        expect(answer.headers.get('Referrer-Policy')).toBe('no-referrer');
        expect(answer.headers.get('X-Frame-Options')).toBe('DENY');
        expect(answer.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
      }
      const mine = await fetch(`${url}/v2/organizations`, { headers: { 'X-Request-Id': 'ticket-42' } });
      expect(mine.headers.get('X-Request-Id')).toBe('ticket-42');

      const tenant = await (await fetch(`${url}/sandbox/tenants`, { method: 'POST' })).json();
      const address = await fetch(`${url}/v2/users/${tenant.users[0].id}/addresses`, {
        method: 'PUT',
        headers: {
          Authorization: basicFor(tenant.client_id, tenant.api_key),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ line_1: 'x' }),
      });
      expect(address.headers.get('X-Request-Id')).toMatch(/^req_/);
    } finally {
      await close();
      sandbox.close();
    }
  });
});
