import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { drain, RequestsUnderWay } from './drain';

describe('a stop that drains the server', () => {
  it('waits for a handler still at work after its client hung up, and only then lets the stores close', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let handlerStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      handlerStarted = resolve;
    });
    let storeOpen = true;
    let wroteToClosedStore = false;
    const underWay = new RequestsUnderWay();
    const server = serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: underWay.wrap(async () => {
        handlerStarted();
        await gate;
        if (!storeOpen) wroteToClosedStore = true;
        return new Response('paid');
      }),
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const client = request({ host: '127.0.0.1', port, method: 'POST', path: '/v2/payments' });
    client.on('error', () => {});
    client.end('{}');
    await started;
    expect(underWay.size).toBe(1);
    // The client hangs up: its connection closes, the handler is still writing.
    client.destroy();
    let drained = false;
    const stopping = drain(server, 5_000, underWay).then(() => {
      drained = true;
      storeOpen = false;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(drained, 'the stop went on while a handler was at work').toBe(false);
    release();
    await stopping;
    expect(wroteToClosedStore).toBe(false);
    expect(underWay.size).toBe(0);
  });

  it('does not wait past its grace for a handler that never answers', async () => {
    const underWay = new RequestsUnderWay();
    const never = underWay.wrap((_request: Request) => new Promise<Response>(() => {}));
    void never(new Request('http://console.internal/'));
    const started = Date.now();
    await underWay.settled(100);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(underWay.size).toBe(1);
  });
});
