import { Hono } from 'hono';
import { type EventDeps, receiveEvent } from './receive';

/** An event is an object and a few words: a delivery larger than this is not one of the service's. */
const MAX_EVENT_BYTES = 1024 * 1024;

/**
 * Where the service delivers the organization's events (`POST /events/{client_id}`): no session, the signature is
 * the credential (events/verify.ts). Subscribe the console's public URL there (docs/operations.md, "Events").
 */
export function eventRoutes(deps: EventDeps): Hono {
  const app = new Hono();
  app.post('/events/:client_id', async (c) => {
    if (Number(c.req.header('content-length') ?? 0) > MAX_EVENT_BYTES) return c.body(null, 413);
    const body = await c.req.text();
    if (body.length > MAX_EVENT_BYTES) return c.body(null, 413);
    const received = await receiveEvent(deps, c.req.param('client_id'), c.req.raw.headers, body);
    return c.json(received, received.status);
  });
  return app;
}
