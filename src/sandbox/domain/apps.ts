import { addToAppWallet, appWallet } from '../store/payouts';
import { findApp, findAppAnyTenant } from '../store/tenants';
import type { Caller, HelperCaller } from './auth';
import { DomainError, found } from './errors';

/** An app's compliance record (the vendor's business-compliance-info), once one was copied onto it. */
export function appCompliance({ db, tenant }: Caller, appId: string): unknown {
  const app = found(findApp(db, tenant.orgId, appId));
  if (!app.compliance) {
    throw new DomainError('not-found', 'no-compliance-record', 'This app has no compliance record yet');
  }
  return JSON.parse(app.compliance);
}

/** A sandbox helper: money into an app's wallet, as a bank transfer in would; answers the wallet now, in cents. */
export function refillAppWallet({ db }: HelperCaller, appId: string, cents: number) {
  const app = findAppAnyTenant(db, appId);
  if (!app) throw new DomainError('not-found', 'app-not-found', 'No app has this id');
  addToAppWallet(db, app.org_id, app.id, cents);
  return { app_id: app.id, wallet_balance: appWallet(db, app.id) };
}
