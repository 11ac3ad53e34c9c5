import { findApp, getOrganization, setAppCompliance } from '../store/tenants';
import type { Caller } from './auth';
import { DomainError, found } from './errors';

export const COMPLIANCE_COPIED = 'Business compliance information successfully copied';

/** The caller's organization: its id, name and balance in cents (the console signs in with it). */
export function organizationOf({ db, tenant }: Caller) {
  const organization = getOrganization(db, tenant.orgId);
  if (!organization) {
    throw new DomainError('unauthenticated', 'invalid-credentials', 'The organization no longer exists');
  }
  return { id: organization.id, name: organization.name, balance: organization.balance };
}

/** The organization's compliance record, copied onto one of its apps (overwriting; repeatable). */
export function copyComplianceToApp({ db, tenant }: Caller, appId: string) {
  const organization = getOrganization(db, tenant.orgId);
  if (!organization?.compliance) {
    throw new DomainError(
      'invalid',
      'no-compliance-record',
      'The organization has no business compliance information to copy; add it first',
    );
  }
  const app = found(findApp(db, tenant.orgId, appId));
  setAppCompliance(db, app.id, organization.compliance);
  return { success: true as const, message: COMPLIANCE_COPIED };
}
