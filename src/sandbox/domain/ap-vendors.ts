import { randomUUID } from 'node:crypto';
import type { CreateVendor, CreateVendorMethod } from '../../lib/requests/accounts-payable';
import { countOf } from '../../lib/words';
import {
  deleteVendorMethodRow,
  deleteVendorRow,
  findVendor,
  findVendorMethod,
  insertVendor,
  insertVendorMethod,
  openPayablesOfVendor,
  pageOfVendors,
  type VendorMethodRow,
  type VendorRow,
  vendorMethods,
} from '../store/accounts-payable';
import type { Db } from '../store/db';
import { creditedAppOf } from '../store/tenants';
import type { Caller } from './auth';
import { DomainError, found, notFoundOrUnauthorized } from './errors';
import { uuidV7 } from './ids';
import { cursorRow, DEFAULT_PAGE_SIZE, type PageQuery } from './pages';

/** Vendors and their ACH payment methods. A method is shown by its last four digits only, never the whole number. */

export function vendorView(row: VendorRow) {
  return {
    id: row.id,
    name: row.name,
    active: row.deleted === 0,
    address: JSON.parse(row.address) as Record<string, string>,
    api_app_id: row.app_id,
    ...(row.contact_email ? { contact_email: row.contact_email } : {}),
    created: row.created,
    external_id: row.external_id,
  };
}

/** The vendor's `vendor-payment-method`, with `id`, `mask` and `ap_vendor_id` (extensions) and no account number. */
export function vendorMethodView(row: VendorMethodRow) {
  return {
    id: row.id,
    ap_vendor_id: row.vendor_id,
    name: row.name,
    ach_routing_number: row.routing_number,
    ach_account_type: row.account_type,
    mask: row.last4,
    created: row.created,
  };
}

export function listVendors({ db, tenant }: Caller, query: PageQuery & { search?: string | undefined }) {
  const find = (id: string) => findVendor(db, tenant.orgId, id);
  const page = pageOfVendors(db, tenant.orgId, {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    after: cursorRow(query.starting_after, find),
    before: cursorRow(query.ending_before, find),
    search: query.search,
  });
  return { data: page.rows.map(vendorView), has_more: page.more };
}

export function createVendor({ db, tenant, appId, nowMs }: Caller, body: CreateVendor) {
  const app = creditedAppOf(db, tenant.orgId, appId);
  if (!app) throw notFoundOrUnauthorized();
  const row = {
    id: uuidV7(nowMs),
    org_id: tenant.orgId,
    app_id: app.id,
    name: body.name,
    contact_email: body.contact_email ?? null,
    external_id: body.external_id ?? null,
    address: JSON.stringify(body.address),
    created: new Date(nowMs).toISOString(),
    created_ms: nowMs,
  };
  insertVendor(db, row);
  return vendorView({ ...row, seq: 0, deleted: 0 });
}

export function vendorOf({ db, tenant }: Caller, id: string) {
  return vendorView(found(findVendor(db, tenant.orgId, id)));
}

/** A vendor with a bill that is neither paid nor canceled stays: its bills name it. */
export function deleteVendor({ db, tenant }: Caller, id: string) {
  return db.transaction(() => {
    const vendor = found(findVendor(db, tenant.orgId, id));
    const open = openPayablesOfVendor(db, vendor.id);
    if (open > 0) {
      throw new DomainError(
        'conflict',
        'vendor-has-open-payables',
        `${vendor.name} has ${countOf(open, 'bill')} not yet paid or canceled: cancel or pay them first`,
      );
    }
    deleteVendorRow(db, vendor.id);
    return { deleted: true, id: vendor.id, object: 'vendor' };
  })();
}

export function listVendorMethods({ db, tenant }: Caller, vendorId: string) {
  const vendor = found(findVendor(db, tenant.orgId, vendorId));
  return vendorMethods(db, vendor.id).map(vendorMethodView);
}

export function createVendorMethod(
  { db, tenant, nowMs }: Caller,
  vendorId: string,
  body: CreateVendorMethod,
) {
  const vendor = found(findVendor(db, tenant.orgId, vendorId));
  const row = {
    id: randomUUID(),
    org_id: tenant.orgId,
    vendor_id: vendor.id,
    name: body.name,
    routing_number: body.ach_routing_number,
    last4: body.ach_account_number.slice(-4),
    account_type: body.ach_account_type,
    created: new Date(nowMs).toISOString(),
  };
  insertVendorMethod(db, row);
  return vendorMethodView({ ...row, seq: 0, deleted: 0 });
}

function methodOfVendor(db: Db, orgId: string, vendorId: string, methodId: string): VendorMethodRow {
  const vendor = found(findVendor(db, orgId, vendorId));
  const method = found(findVendorMethod(db, orgId, methodId));
  if (method.vendor_id !== vendor.id) throw notFoundOrUnauthorized();
  return method;
}

export function vendorMethodOf({ db, tenant }: Caller, vendorId: string, methodId: string) {
  return vendorMethodView(methodOfVendor(db, tenant.orgId, vendorId, methodId));
}

/** A deleted method is gone for good: a bill that names it is not paid (pay refuses it), and re-adding makes a new id. */
export function deleteVendorMethod({ db, tenant }: Caller, vendorId: string, methodId: string) {
  const method = methodOfVendor(db, tenant.orgId, vendorId, methodId);
  deleteVendorMethodRow(db, method.id);
  return { deleted: true, id: method.id, object: 'vendor_payment_method' };
}
