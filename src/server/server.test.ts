import { createServer, get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createSandbox, DEMO_CREDENTIALS } from '../sandbox/app';
import { listen } from '../sandbox/test/harness';
import { createConsoleApp } from './app';
import { isProductionUpstream } from './config';
import { upstreamUrlFor } from './gate/proxy';
import { config, TEST_ASSET } from './test/config';

describe('the console server in sandbox mode', () => {
  const sandbox = createSandbox({ config: { dbFile: ':memory:', settleMs: 0, idempotencyTtlMs: 1000 } });
  const app = createConsoleApp(config(), sandbox);

  it('serves index.html for client routes with a strict CSP and a fresh nonce', async () => {
    const first = await app.request('/payments/new?user_id=x');
    const second = await app.request('/');
    expect(first.status).toBe(200);
    const csp = first.headers.get('Content-Security-Policy') ?? '';
    // Scripts: files of this origin only; no inline script, no eval.
    expect(csp).toContain("script-src 'self';");
    expect(await first.clone().text()).not.toMatch(/<script>/);
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await first.text()).toContain(`content="${nonce}"`);
    expect(second.headers.get('Content-Security-Policy')).not.toContain(nonce);
    expect(first.headers.get('Cache-Control')).toBe('no-store');
    expect(first.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(first.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(first.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('answers the console server’s API in the error shape even without a team: an unknown route is a 404, not the page', async () => {
    const answer = await app.request('/api/team/members');
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ success: false, error_code: 'route-not-found' });
  });

  it('sends an asset compressed as the browser accepts it (brotli, else gzip, else as built), cached for good', async () => {
    // Through Node, as served: the asset's headers are completed after its body is made.
    const { url, close } = await listen(app);
    onTestFinished(close);
    const { port } = new URL(url);
    // node:http, not fetch: fetch would undo the compression this test looks at.
    const get = (acceptEncoding?: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
        httpGet({ host: '127.0.0.1', port, path: TEST_ASSET.path, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const brotli = await get('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.body.length).toBeLessThan(TEST_ASSET.text.length / 2);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(TEST_ASSET.text);

    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(TEST_ASSET.text);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(TEST_ASSET.text);
  });

  it("serves Vite's index.html as built, and keeps the build's own files from browsers", async () => {
    const html = await (await app.request('/payments/new?user_id=x')).text();
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-test.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    const hidden = await app.request('/.vite/manifest.json');
    expect(hidden.headers.get('Content-Type')).toContain('text/html');
  });

  it('a missing asset is a 404, not the app', async () => {
    expect((await app.request('/assets/missing.js')).status).toBe(404);
  });

  it('tells the SPA its mode and the demo team, and never an organization key', async () => {
    const text = await (await app.request('/config.json')).text();
    expect(JSON.parse(text)).toMatchObject({
      mode: 'sandbox',
      production: false,
      team: true,
      demo: { members: expect.arrayContaining([expect.objectContaining({ role: 'finance' })]) },
    });
    expect(text).not.toContain(DEMO_CREDENTIALS.apiKey);
  });

  it('routes /v2 to the sandbox with no-store', async () => {
    const answer = await app.request('/v2/organizations');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.headers.get('X-Request-Id')).toBeTruthy();
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(answer.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });
});

describe('the console server in upstream mode', () => {
  let upstream: Server;
  let upstreamUrl: URL;
  const seen: { method?: string; url?: string; headers?: Record<string, unknown>; body?: string }[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url?.includes('slow')) return; // never answers
        res.writeHead(207, {
          'Content-Type': 'application/json',
          'X-Request-Id': 'up-1',
          'Set-Cookie': 'a=b',
        });
        res.end(JSON.stringify({ echoed: true }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`);
  });
  afterAll(() => {
    upstream.closeAllConnections();
    upstream.close();
  });

  it('forwards method, path, query, body and the allowed headers, and returns status, body and ids', async () => {
    const app = createConsoleApp(config({ upstreamUrl }), null);
    const answer = await app.request('/v2/payments?x=1', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Basic abc',
        'Api-App-Id': 'app-1',
        'X-Request-Id': 'mine',
        Cookie: 'secret=1',
        'X-Other': 'no',
      },
      body: '{"amount":1}',
    });
    expect(answer.status).toBe(207);
    expect(await answer.json()).toEqual({ echoed: true });
    expect(answer.headers.get('X-Request-Id')).toBe('up-1');
    expect(answer.headers.get('Set-Cookie')).toBeNull();
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/api/v2/payments?x=1', body: '{"amount":1}' });
    expect(request?.headers).toMatchObject({
      authorization: 'Basic abc',
      'api-app-id': 'app-1',
      'x-request-id': 'mine',
    });
    expect(request?.headers?.cookie).toBeUndefined();
    expect(request?.headers?.['x-other']).toBeUndefined();
  });

  it('a slow upstream -> 504 and an unreachable one -> 502, in the error shape', async () => {
    const slow = createConsoleApp(config({ upstreamUrl, proxyTimeoutMs: 200 }), null);
    const timedOut = await slow.request('/v2/transfers?slow=1');
    expect(timedOut.status).toBe(504);
    expect(await timedOut.json()).toMatchObject({ success: false, error_code: 'upstream-timeout' });
    const closed = createConsoleApp(config({ upstreamUrl: new URL('http://127.0.0.1:9/api') }), null);
    const unreachable = await closed.request('/v2/organizations');
    expect(unreachable.status).toBe(502);
    expect(await unreachable.json()).toMatchObject({ success: false, error_code: 'upstream-unreachable' });
  });

  it('has no sandbox helpers, and says where requests go', async () => {
    const app = createConsoleApp(config({ upstreamUrl }), null);
    expect((await app.request('/sandbox/tenants', { method: 'POST' })).status).toBe(404);
    expect(await (await app.request('/config.json')).json()).toEqual({
      mode: 'upstream',
      upstream: upstreamUrl.host,
      production: false,
      team: false,
      mail: false,
      idle_timeout_ms: 900_000,
      request_timeout_ms: 30_000,
    });
  });

  it('production is any upstream that is not loopback or a vendor test host', () => {
    expect(isProductionUpstream(new URL('https://api.dots.dev/api'))).toBe(true);
    expect(isProductionUpstream(new URL('https://pls.senddotssandbox.com/api'))).toBe(false);
    expect(isProductionUpstream(new URL('http://localhost:4010'))).toBe(false);
    expect(isProductionUpstream(new URL('http://127.0.0.1:4010'))).toBe(false);
    expect(upstreamUrlFor(new URL('https://api.dots.dev/api/'), '/v2/x?y=1')).toBe(
      'https://api.dots.dev/api/v2/x?y=1',
    );
  });
});
