import type { Server } from 'node:http';

/** How long a server keeps an idle connection open for the client's next request. */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Idle connections are closed after a minute and five seconds instead of Node's five seconds. A client that keeps its
 * connections open (a reverse proxy terminating TLS in front, whose idle timeout is usually a minute; a test's
 * request context, whose agent has no idle timeout of its own and so ignores the server's Keep-Alive hint) reuses a
 * connection whenever its next request comes: one sent in the moment the server closes that connection is lost with
 * ECONNRESET. With the server's timeout longer than the client's, the client is always the one that closes.
 */
export function keepIdleConnections(server: unknown): void {
  const http = server as Server;
  http.keepAliveTimeout = KEEP_ALIVE_MS;
}
