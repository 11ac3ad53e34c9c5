import { createTenant } from './domain/tenant-factory';
import type { Db } from './store/db';
import { findOrganizationByClientId } from './store/tenants';

/**
 * The demo tenant's credentials are fixed and published (README, sign-in page): it exists only in a local sandbox,
 * so that `npm start` signs in with no account anywhere.
 */
export const DEMO_CREDENTIALS = {
  clientId: '5a1dbfc8-7e4b-4c1a-9d2e-0de30c0de001',
  apiKey: 'sk_sandbox_demo_0f3c9a7b2e1d4c5b8a6f9e0d1c2b3a4f',
} as const;

export function ensureDemoTenant(db: Db): void {
  if (findOrganizationByClientId(db, DEMO_CREDENTIALS.clientId)) return;
  createTenant(db, {
    clientId: DEMO_CREDENTIALS.clientId,
    apiKey: DEMO_CREDENTIALS.apiKey,
    name: 'Demo Marketplace',
  });
}
