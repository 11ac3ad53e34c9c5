import { randomUUID } from 'node:crypto';
import { hashApiKey } from './domain/auth';
import { demoPlan } from './domain/demo-data';
import { seedOnboarding } from './domain/demo-onboarding';
import { seedDemoPayouts } from './domain/demo-payouts';
import { seedDemoWallets } from './domain/demo-wallets';
import { complianceRecord } from './domain/fixtures';
import { populate } from './domain/populate';
import type { Db } from './store/db';
import { findOrganizationByClientId, insertApp, insertOrganization } from './store/tenants';

/**
 * The demo tenant's credentials are fixed and published (README, sign-in page): it exists only in a local sandbox,
 * so that `npm start` signs in with no account anywhere.
 */
export const DEMO_CREDENTIALS = {
  clientId: '5a1dbfc8-7e4b-4c1a-9d2e-0de30c0de001',
  apiKey: 'sk_sandbox_demo_0f3c9a7b2e1d4c5b8a6f9e0d1c2b3a4f',
} as const;

export const DEMO_NAME = 'Demo Marketplace';

/**
 * Makes the demo tenant once per store (a restart adds nothing): about fifty users, five payment customers, three
 * apps (one without a compliance record), about 300 transfers of the last 60 days (domain/demo-data.ts), and money
 * out: a funded wallet, payout methods of each kind, payouts, payout links and payout requests (demo-payouts.ts).
 */
export function ensureDemoTenant(db: Db, nowMs = Date.now()): void {
  if (findOrganizationByClientId(db, DEMO_CREDENTIALS.clientId)) return;
  const plan = demoPlan(nowMs);
  const created = new Date(nowMs - 120 * 24 * 60 * 60 * 1000).toISOString();
  const compliance = JSON.stringify(complianceRecord(DEMO_NAME));
  db.transaction(() => {
    const orgId = randomUUID();
    insertOrganization(db, {
      id: orgId,
      name: DEMO_NAME,
      client_id: DEMO_CREDENTIALS.clientId,
      key_hash: hashApiKey(DEMO_CREDENTIALS.apiKey),
      compliance,
      balance: 0,
      created,
    });
    const apps = plan.apps.map((app) => {
      const row = { id: randomUUID(), name: app.name };
      insertApp(db, {
        ...row,
        org_id: orgId,
        compliance: app.compliance ? compliance : null,
        balance: 0,
        created,
      });
      return row;
    });
    const { users } = populate(db, { orgId, apps }, plan);
    seedDemoPayouts(db, { orgId, clientId: DEMO_CREDENTIALS.clientId }, apps, users, nowMs);
    seedDemoWallets(db, { orgId, clientId: DEMO_CREDENTIALS.clientId }, apps, users, nowMs);
    seedOnboarding(db, orgId, nowMs, 'http://127.0.0.1:8080');
  })();
}
