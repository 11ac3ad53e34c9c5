import { findApp } from '../store/tenants';
import type { Caller } from './auth';
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
