import autocannon from 'autocannon';
import {
  ADDRESS_BODY,
  authHeaders,
  heapUsedMiB,
  makeTenant,
  paymentBody,
  rssMiB,
  type Server,
  sleep,
  startConsoleServer,
} from './lib';

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /**
   * cold: just started; idle: 10 s after a first round of the same load (pools and caches at working size); peak:
   * under the measured round; after: 10 s after it.
   */
  rss: { cold: number; idle: number; peak: number; after: number };
  /** Live JavaScript heap (MiB) after a full collection, at the same moments: what a leak would grow. */
  heapUsed: { cold: number; idle: number; after: number };
}

/**
 * Mixed traffic against the console server as `npm start` ships it (a file store, the audit log on): sign-in reads, transfer lists
 * and reads, new payments with unique idempotency keys, and addresses. Bounded in time; loopback only.
 */
export async function runLoad(
  connections = 200,
  seconds = 30,
  settleMs = 10_000,
  shared?: Server,
): Promise<LoadResult> {
  const { child, url } = shared ?? (await startConsoleServer());
  try {
    const tenant = await makeTenant(url);
    const headers = authHeaders(tenant);
    const userId = tenant.users[0]?.id ?? '';
    const seed = await fetch(`${url}/v2/payments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        amount: 100,
        platform: 'ach',
        user_id: userId,
        account_id: tenant.users[0]?.payout_methods[0]?.id,
      }),
    });
    const transferId = ((await seed.json()) as { id: string }).id;
    await sleep(Math.min(1000, settleMs));
    const cold = rssMiB(child.pid as number);
    const heapCold = await heapUsedMiB(url);
    let counter = 0;
    const traffic = (connectionCount: number, duration: number) =>
      autocannon({
        url,
        connections: connectionCount,
        duration,
        headers,
        requests: mixedRequests(),
      });
    // A first round of the same load: compiled code, V8's young generation, SQLite's cache and the socket pools grow
    // to their working size, which a long-running server keeps. The idle level is measured after it.
    await traffic(connections, seconds);
    await sleep(settleMs);
    const idle = rssMiB(child.pid as number);
    const heapIdle = await heapUsedMiB(url);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(child.pid as number));
    }, 250);
    const result = await traffic(connections, seconds);
    clearInterval(sampler);
    await sleep(settleMs);
    return {
      connections,
      seconds,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      // autocannon counts timeouts (no answer in 10 s) among its errors.
      errors: result.errors,
      non2xx: result.non2xx,
      rss: { cold, idle, peak, after: rssMiB(child.pid as number) },
      heapUsed: { cold: heapCold, idle: heapIdle, after: await heapUsedMiB(url) },
    };

    function mixedRequests(): autocannon.Request[] {
      return [
        { method: 'GET', path: '/v2/organizations' },
        { method: 'GET', path: '/v2/transfers?limit=10' },
        { method: 'GET', path: `/v2/transfers/${transferId}` },
        {
          method: 'POST',
          path: '/v2/payments',
          setupRequest: (request) => {
            const n = counter++;
            return { ...request, body: paymentBody(userId, `load-${process.pid}-${n}`, 100 + (n % 1000)) };
          },
        },
        {
          method: 'PUT',
          path: `/v2/users/${userId}/addresses`,
          body: ADDRESS_BODY,
        },
      ];
    }
  } finally {
    if (!shared) child.kill('SIGTERM');
  }
}
