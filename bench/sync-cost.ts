import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox } from '../src/sandbox/app';

/** What synchronous=FULL would cost over NORMAL: payments per second through the API, on a real file. */
export async function measureSyncCost(payments = 3000): Promise<{ normal: number; full: number }> {
  const rate = async (mode: 'NORMAL' | 'FULL') => {
    const sandbox = createSandbox({
      config: { dbFile: join(mkdtempSync(join(tmpdir(), 'bench-sync-')), 's.db') },
    });
    sandbox.services.db.pragma(`synchronous = ${mode}`);
    const tenant = await (await sandbox.app.request('/sandbox/tenants', { method: 'POST' })).json();
    const headers = {
      Authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`,
      'Content-Type': 'application/json',
    };
    const started = performance.now();
    for (let i = 0; i < payments; i++) {
      const response = await sandbox.app.request('/v2/payments', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          amount: 100,
          platform: 'ach',
          user_id: tenant.users[0].id,
          ach_info: { account_number: '123456789', routing_number: '021000021' },
          idempotency_key: `sync-${i}`,
        }),
      });
      if (response.status !== 201) throw new Error(`payment ${i}: ${response.status}`);
    }
    const perSecond = Math.round(payments / ((performance.now() - started) / 1000));
    sandbox.close();
    return perSecond;
  };
  return { normal: await rate('NORMAL'), full: await rate('FULL') };
}
