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
  return complianceWithoutEin(JSON.parse(app.compliance));
}

/**
 * An app's record as answered: its EIN and its directors' SSNs by the last four digits only (`company_info.ein_last4`), whatever copy put it
 * there (an organization's record keeps its whole EIN; an app's answer never shows it).
 */
export function complianceWithoutEin(record: {
  company_info?: Record<string, unknown>;
  directors?: Record<string, unknown>[];
}): unknown {
  const { ein, ...company } = record.company_info ?? {};
  const directors = (record.directors ?? []).map(({ ssn, ...director }) =>
    typeof ssn === 'string' ? { ...director, ssn_last4: ssn.slice(-4) } : director,
  );
  return {
    ...record,
    company_info: typeof ein === 'string' ? { ...company, ein_last4: ein.slice(-4) } : company,
    ...(record.directors ? { directors } : {}),
  };
}

/** A sandbox helper: money into an app's wallet, as a bank transfer in would; answers the wallet now, in cents. */
export function refillAppWallet({ db }: HelperCaller, appId: string, cents: number) {
  const app = findAppAnyTenant(db, appId);
  if (!app) throw new DomainError('not-found', 'app-not-found', 'No app has this id');
  addToAppWallet(db, app.org_id, app.id, cents);
  return { app_id: app.id, wallet_balance: appWallet(db, app.id) };
}
