import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * Kept-alive connections to the receivers, a bounded few per receiver: a sender posts many small events to few
 * endpoints, and a new connection (or `fetch`'s copying of each request and body) for each cost the sandbox more than
 * the event's own work, on the same core as the payments that made them.
 */
const SOCKETS_PER_RECEIVER = 16;
const http = new HttpAgent({ keepAlive: true, maxSockets: SOCKETS_PER_RECEIVER });
const https = new HttpsAgent({ keepAlive: true, maxSockets: SOCKETS_PER_RECEIVER });

export type Posted = { status: number } | { error: 'timed out' | 'no answer' };

/** POSTs one event's body; the answer's status, or why there is none. Never follows a redirect, never throws. */
export function postEvent(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Posted> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ error: 'no answer' });
      return;
    }
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') {
      resolve({ error: 'no answer' });
      return;
    }
    const send = secure ? httpsRequest : httpRequest;
    let settled = false;
    const settle = (posted: Posted) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(posted);
    };
    const sent = send(
      target,
      {
        method: 'POST',
        agent: secure ? https : http,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (answer: IncomingMessage) => {
        // The answer's body is not read, only drained, so that the connection is kept for the next event.
        answer.resume();
        answer.on('end', () => settle({ status: answer.statusCode ?? 0 }));
        answer.on('error', () => settle({ error: 'no answer' }));
      },
    );
    const timer = setTimeout(() => {
      settle({ error: 'timed out' });
      sent.destroy();
    }, timeoutMs);
    timer.unref?.();
    sent.on('error', () => settle({ error: 'no answer' }));
    sent.end(body);
  });
}
