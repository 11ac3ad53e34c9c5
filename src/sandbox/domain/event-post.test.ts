import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEvent } from './event-post';

/** The sender's POST of one event: its answer's status, or why none came; connections kept for the next event. */

let server: Server;
let base: string;
const connections = new Set<unknown>();
const bodies: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      bodies.push(body);
      if (req.url === '/hold') return; // never answers
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/ok' }).end();
        return;
      }
      res.writeHead(req.url === '/refuse' ? 500 : 200).end('{"outcome":"applied"}');
    });
  });
  server.on('connection', (socket) => connections.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('postEvent', () => {
  it('sends the body and answers the status; posts one after another share one connection', async () => {
    connections.clear();
    const sent = ['{"a":1}', '{"b":"é"}', '{"c":3}'];
    for (const body of sent)
      expect(await postEvent(`${base}/ok`, { 'content-type': 'application/json' }, body, 2000)).toEqual({
        status: 200,
      });
    expect(bodies.slice(-3)).toEqual(sent);
    expect(connections.size).toBe(1);
  });

  it('answers a refusal and a redirect by their status, never following the redirect', async () => {
    expect(await postEvent(`${base}/refuse`, {}, '{}', 2000)).toEqual({ status: 500 });
    const before = bodies.length;
    expect(await postEvent(`${base}/moved`, {}, '{}', 2000)).toEqual({ status: 302 });
    expect(bodies.length).toBe(before + 1);
  });

  it('gives up on a receiver that does not answer in time, and says so of one that is not there', async () => {
    expect(await postEvent(`${base}/hold`, {}, '{}', 200)).toEqual({ error: 'timed out' });
    expect(await postEvent('http://127.0.0.1:1/events', {}, '{}', 2000)).toEqual({ error: 'no answer' });
    expect(await postEvent('ftp://127.0.0.1/events', {}, '{}', 2000)).toEqual({ error: 'no answer' });
  });
});
