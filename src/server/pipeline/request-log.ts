import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { parseBasic } from '../../node/basic-auth';
import { type OpsEvents, opsEvents } from '../ops/events';
import { accessLog } from '../ops/logger';
import { consoleMetrics, isMoneyAction } from '../ops/metrics';
import { RouteLabels } from '../ops/route-label';
import { MEMBER_ID } from './admission';

/** What a request id may be when a client sends one: short and printable, else the server makes its own. */
const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** Each request's id as this server chose it (the client's when plausible, else made here), for its audit line. */
const requestIds = new WeakMap<Context, string>();

/** The id the request log chose for this request: null where no request log runs (an app a test builds bare). */
export function chosenRequestId(c: Context): string | null {
  return requestIds.get(c) ?? null;
}

/**
 * One log line and one metrics sample per request: its id, the member it claims to be (the id only: the secret half
 * of the credentials is never read here), its route with ids replaced, its status and how long it took. Its id is the
 * one answered in `X-Request-Id`, so that a support ticket can quote it and find this line, the money line and the
 * audit line alike: the client's, or the payout service's when it made one, or one made here.
 */
export function requestLog(options: { metrics: boolean }): MiddlewareHandler {
  const labels = new RouteLabels();
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    requestIds.set(c, requestId);
    await next();
    const seconds = (performance.now() - started) / 1000;
    const status = c.res.status;
    // The id a support ticket quotes is the one the answer carries: the service's own when it made one for a request
    // that came without (the audit trail and the money line keep that one too), else this one.
    const answered = c.res.headers.get('x-request-id');
    const quoted = answered && REQUEST_ID.test(answered) ? answered : requestId;
    if (!answered) {
      try {
        c.res.headers.set('X-Request-Id', requestId);
      } catch {
        // An answer whose headers are fixed (a stream already under way) keeps them.
      }
    }
    const access = accessLog();
    const logged = access.enabled();
    // With metrics off and the log silent nothing reads the route: it is not worked out.
    if (!options.metrics && !logged) return;
    const route = labels.of(c.req.method, c.req.path);
    if (options.metrics) consoleMetrics().observeRequest(route, status, seconds);
    if (!logged) return;
    const claimed = parseBasic(c.req.header('authorization'))?.user;
    access.info(
      {
        kind: 'request',
        request_id: quoted,
        member_id: claimed && MEMBER_ID.test(claimed) ? claimed : null,
        route,
        status,
        duration_ms: Math.round(seconds * 100_000) / 100,
      },
      'request',
    );
  };
}

/** A money event is a line of its own: the audit action, outcome and amount, never the targets or the body. */
export function logMoneyEvents(): () => void {
  const onLine = (line: OpsEvents['audit-line'][0]) => {
    if (line.amountCents === null || !isMoneyAction(line.action)) return;
    accessLog().info(
      {
        kind: 'money',
        request_id: line.requestId,
        member_id: line.memberId,
        action: line.action,
        outcome: line.outcome,
        status: line.status,
        amount_cents: line.amountCents,
      },
      'money',
    );
  };
  opsEvents.on('audit-line', onLine);
  return () => opsEvents.off('audit-line', onLine);
}
