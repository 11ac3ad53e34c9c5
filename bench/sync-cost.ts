import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox } from '../src/sandbox/app';
import { authHeaders, paymentBody, scratchDir } from './lib';

/** What one fsync of a 4 KiB write costs on this disk, in ms: what FULL adds to every commit. */
function fsyncMs(times = 200): number {
  const fd = openSync(join(scratchDir('bench-fsync-'), 'f'), 'w');
  const page = Buffer.alloc(4096, 1);
  const started = performance.now();
  for (let i = 0; i < times; i++) {
    writeSync(fd, page);
    fsyncSync(fd);
  }
  closeSync(fd);
  return Math.round(((performance.now() - started) / times) * 1000) / 1000;
}

/** What synchronous=FULL would cost over NORMAL: payments per second through the API, on a real file. */
export async function measureSyncCost(
  payments = 3000,
): Promise<{ normal: number; full: number; fsyncMs: number }> {
  const rate = async (mode: 'NORMAL' | 'FULL') => {
    const sandbox = createSandbox({
      config: { dbFile: join(scratchDir('bench-sync-'), 's.db') },
    });
    sandbox.services.db.pragma(`synchronous = ${mode}`);
    const tenant = await (await sandbox.app.request('/sandbox/tenants', { method: 'POST' })).json();
    const headers = authHeaders(tenant);
    const started = performance.now();
    for (let i = 0; i < payments; i++) {
      const response = await sandbox.app.request('/v2/payments', {
        method: 'POST',
        headers,
        body: paymentBody(tenant.users[0].id, `sync-${i}`),
      });
      if (response.status !== 201) throw new Error(`payment ${i}: ${response.status}`);
    }
    const perSecond = Math.round(payments / ((performance.now() - started) / 1000));
    sandbox.close();
    return perSecond;
  };
  return { normal: await rate('NORMAL'), full: await rate('FULL'), fsyncMs: fsyncMs() };
}
