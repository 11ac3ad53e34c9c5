import type { Server } from 'node:http';

/**
 * Stops a server as a deploy or a Ctrl-C wants it: no new connection is taken, each request under way is answered,
 * every connection is closed as soon as it is idle (a client's keep-alive connection would otherwise hold the
 * server open for a minute), and whatever is still open after `graceMs` is cut. Resolves once the server is closed:
 * only then may what the requests use (the databases) be closed, or a request under way is answered with a 500.
 */
export function drain(server: unknown, graceMs: number): Promise<void> {
  const http = server as Server;
  return new Promise((resolve) => {
    const idle = setInterval(() => http.closeIdleConnections(), 25);
    const cut = setTimeout(() => http.closeAllConnections(), graceMs);
    http.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    http.closeIdleConnections();
  });
}
