import type { Server } from 'node:http';

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/**
 * The requests a server's handler is still working on. A client that hangs up closes its connection, and the HTTP
 * server counts it gone, while the handler may still be writing to a database: a stop that closed the databases when
 * the last connection closed answered those with "the database connection is not open" (a 500, and a write cut in two).
 */
export class RequestsUnderWay {
  private count = 0;
  private waiting: (() => void)[] = [];

  /** The server's fetch, counted: a request is under way until its handler has answered (its body may still stream). */
  wrap<F extends Fetch>(fetch: F): F {
    return (async (request: Request, ...rest: never[]) => {
      this.count++;
      try {
        return await fetch(request, ...rest);
      } finally {
        this.count--;
        if (this.count === 0) for (const resolve of this.waiting.splice(0)) resolve();
      }
    }) as F;
  }

  get size(): number {
    return this.count;
  }

  /** Resolves when no request is under way, or after `boundMs` (a handler that never answers does not hold a stop). */
  settled(boundMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const given = setTimeout(resolve, boundMs);
      this.waiting.push(() => {
        clearTimeout(given);
        resolve();
      });
    });
  }
}

/**
 * Stops a server as a deploy or a Ctrl-C wants it: no new connection is taken, each request under way is answered,
 * every connection is closed as soon as it is idle (a client's keep-alive connection would otherwise hold the
 * server open for a minute), and whatever is still open after `graceMs` is cut. Resolves once the server is closed
 * and, given `underWay`, its handlers have all answered (within the same grace): only then may what the requests use
 * (the databases) be closed, or a request under way is answered with a 500.
 */
export function drain(server: unknown, graceMs: number, underWay?: RequestsUnderWay): Promise<void> {
  const http = server as Server;
  const until = Date.now() + graceMs;
  const closed = new Promise<void>((resolve) => {
    const idle = setInterval(() => http.closeIdleConnections(), 25);
    const cut = setTimeout(() => http.closeAllConnections(), graceMs);
    http.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    http.closeIdleConnections();
  });
  return closed.then(() => underWay?.settled(Math.max(0, until - Date.now())));
}
