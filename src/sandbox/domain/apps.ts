import { findApp } from '../store/tenants';
import type { Caller } from './auth';
import { DomainError, found } from './errors';

/** An app's compliance record (the vendor's business-compliance-info), once one was copied onto it. */
export function appCompliance({ db, tenant }: Caller, appId: string): unknown {
  const app = found(findApp(db, tenant.orgId, appId));
  if (!app.compliance) {
    throw new DomainError('not-found', 'no-compliance-record', 'This app has no compliance record yet');
  }
  return JSON.parse(app.compliance);
}
