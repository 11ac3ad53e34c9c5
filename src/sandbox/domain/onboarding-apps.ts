import { randomUUID } from 'node:crypto';
import type { BusinessCompliance, CreatePaymentCustomer } from '../../lib/requests/onboarding';
import { countUsers, findCustomer } from '../store/directory';
import { newLinkToken } from '../store/link-token';
import { findAppExtras, setAppStatusAndMetadata, setCustomerExtras, setKybLink } from '../store/onboarding';
import { findApp, insertApp, insertCustomer, setAppCompliance } from '../store/tenants';
import { complianceWithoutEin } from './apps';
import type { Caller } from './auth';
import { appView, customerView } from './directory';
import { DomainError, found, notFoundOrUnauthorized } from './errors';
import { COMPLIANCE_COPIED } from './organizations';

/** A KYB link lasts 72 hours (the document's words); a new one replaces the last. */
export const KYB_LINK_TTL_MS = 72 * 60 * 60 * 1000;

/** Where a KYB link points: the vendor hosts the form; the sandbox names it only (nothing is served there). */
export function kybUrl(token: string): string {
  return `https://kyb.sandbox.payout.example/${token}`;
}

/** Creates a payment customer: a person or a business, with the same duplicate rule as none (the vendor has none). */
export function createPaymentCustomer({ db, tenant, nowMs }: Caller, body: CreatePaymentCustomer) {
  return db.transaction(() => {
    const id = randomUUID();
    insertCustomer(db, {
      id,
      org_id: tenant.orgId,
      first_name: body.first_name ?? null,
      last_name: body.last_name ?? null,
      business_name: body.business_name ?? null,
      email: body.email,
      country_code: body.country_code ?? null,
      phone_number: body.phone_number ?? null,
      created: new Date(nowMs).toISOString(),
    });
    setCustomerExtras(db, id, {
      middle_name: body.middle_name ?? null,
      address: body.address ? JSON.stringify(body.address) : null,
      metadata: body.metadata ? JSON.stringify(body.metadata) : null,
    });
    return customerView(found(findCustomer(db, tenant.orgId, id)));
  })();
}

/** A new app: `created` until its compliance is on file (then `approved`, as the sandbox has no review). */
export function createApp({ db, tenant, nowMs }: Caller, body: { name: string; metadata?: unknown }) {
  return db.transaction(() => {
    const id = randomUUID();
    insertApp(db, {
      id,
      org_id: tenant.orgId,
      name: body.name,
      compliance: null,
      balance: 0,
      created: new Date(nowMs).toISOString(),
    });
    setAppStatusAndMetadata(
      db,
      id,
      'created',
      body.metadata === undefined ? null : JSON.stringify(body.metadata),
    );
    return appView(db, found(findAppExtras(db, tenant.orgId, id)), countUsers(db, tenant.orgId));
  })();
}

/** Adds or replaces an app's compliance record; an app `created` is `approved` with it. */
export function putAppCompliance({ db, tenant }: Caller, appId: string, body: BusinessCompliance) {
  return db.transaction(() => {
    const app = found(findAppExtras(db, tenant.orgId, appId));
    const kept = complianceWithoutEin(body);
    setAppCompliance(db, app.id, JSON.stringify(kept));
    if (app.status === 'created') setAppStatusAndMetadata(db, app.id, 'approved', app.metadata);
    return kept;
  })();
}

/** A hosted KYB link for an app's owner; refused once the app is approved (a terminal state, as the document says). */
export function createKybFlow({ db, tenant, nowMs }: Caller, appId: string) {
  return db.transaction(() => {
    const app = found(findAppExtras(db, tenant.orgId, appId));
    if (app.status !== 'created') {
      throw new DomainError('conflict', 'app-already-verified', 'This app is already verified or in review');
    }
    const token = newLinkToken();
    const expires = nowMs + KYB_LINK_TTL_MS;
    setKybLink(db, app.id, token, expires);
    return { url: kybUrl(token), expires_at: new Date(expires).toISOString(), status: 'pending' as const };
  })();
}

/** Copies one app's compliance record onto another of the organization's (200, 400 without a record, 403). */
export function copyComplianceBetweenApps(
  { db, tenant }: Caller,
  body: { source_app_id: string; destination_app_id: string },
) {
  return db.transaction(() => {
    const source = findApp(db, tenant.orgId, body.source_app_id);
    const destination = findApp(db, tenant.orgId, body.destination_app_id);
    if (!source || !destination) throw notFoundOrUnauthorized();
    if (!source.compliance) {
      throw new DomainError(
        'invalid',
        'no-compliance-record',
        'The source app has no compliance record to copy',
        [{ path: 'source_app_id', message: 'This app has no compliance record' }],
      );
    }
    setAppCompliance(db, destination.id, source.compliance);
    const extras = found(findAppExtras(db, tenant.orgId, destination.id));
    if (extras.status === 'created') setAppStatusAndMetadata(db, destination.id, 'approved', extras.metadata);
    return { success: true as const, message: COMPLIANCE_COPIED };
  })();
}
