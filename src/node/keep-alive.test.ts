import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, keepIdleConnections } from './keep-alive';

it('a server keeps an idle connection longer than Node’s five seconds, and tells its clients so', async () => {
  const app = new Hono().get('/', (c) => c.text('ok'));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  keepIdleConnections(server);
  afterAll(() => void server.close());
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, path: '/', headers: { Connection: 'keep-alive' } },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.headers));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
  expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  expect(headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
});
