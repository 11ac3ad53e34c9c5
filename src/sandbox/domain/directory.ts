import { centsToDecimal } from '../../lib/money';
import type { Db } from '../store/db';
import {
  countUsers,
  findCustomer,
  moneyOutOf,
  pageOfApps,
  pageOfCustomers,
  pageOfUsers,
  type SeqPage,
  seqOf,
} from '../store/directory';
import { type AppRow, type CustomerRow, findApp } from '../store/tenants';
import type { Caller } from './auth';
import { found } from './errors';
import { cursorRow, DEFAULT_PAGE_SIZE, type PageQuery } from './pages';
import { userView } from './user-view';

/*
 * The vendor's directories: users, payment customers and apps, newest first, by Stripe's cursors. `search` on the
 * lists of people is the sandbox's own (lib/people-search.ts says what it matches).
 */

/** The vendor's `payment-customer`: what the customer does not have (a business name, a phone) is left out. */
export function customerView(customer: CustomerRow) {
  const view = {
    id: customer.id,
    first_name: customer.first_name,
    last_name: customer.last_name,
    business_name: customer.business_name,
    email: customer.email,
    country_code: customer.country_code,
    phone_number: customer.phone_number,
    created: customer.created,
  };
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== null));
}

export function appView(db: Db, app: AppRow, connectedUsers: number) {
  return {
    id: app.id,
    name: app.name,
    status: (app.status ?? 'approved') as 'created' | 'in_review' | 'approved',
    ...(app.metadata ? { metadata: JSON.parse(app.metadata) } : {}),
    // Every user of the organization may pay each of its apps (and be paid by them).
    metrics: {
      wallet_balance: centsToDecimal(app.balance),
      money_out: centsToDecimal(moneyOutOf(db, app.id)),
      connected_users: connectedUsers,
    },
    has_compliance: app.compliance !== null,
  };
}

/** The page a query asks for; a cursor that is not the organization's row gets the same refusal as elsewhere. */
function pageFor(db: Db, table: 'users' | 'customers' | 'apps', orgId: string, query: PageQuery): SeqPage {
  const seq = (id: string) => seqOf(db, table, orgId, id);
  return {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    after: cursorRow(query.starting_after, seq),
    before: cursorRow(query.ending_before, seq),
  };
}

export function listUsers(
  { db, tenant }: Caller,
  query: PageQuery & { status?: string | undefined; search?: string | undefined },
) {
  const page = pageOfUsers(
    db,
    { orgId: tenant.orgId, status: query.status, search: query.search },
    pageFor(db, 'users', tenant.orgId, query),
  );
  return { data: page.rows.map((user) => userView(db, user)), has_more: page.more };
}

export function listCustomers({ db, tenant }: Caller, query: PageQuery & { search?: string | undefined }) {
  const page = pageOfCustomers(
    db,
    { orgId: tenant.orgId, search: query.search },
    pageFor(db, 'customers', tenant.orgId, query),
  );
  return { data: page.rows.map(customerView), has_more: page.more };
}

export function customerOf({ db, tenant }: Caller, customerId: string) {
  return customerView(found(findCustomer(db, tenant.orgId, customerId)));
}

/** The organization's apps: a plain array, as the vendor's. */
export function listApps({ db, tenant }: Caller, query: PageQuery) {
  const page = pageOfApps(db, tenant.orgId, pageFor(db, 'apps', tenant.orgId, query));
  const users = countUsers(db, tenant.orgId);
  return page.rows.map((app) => appView(db, app, users));
}

export function appOf({ db, tenant }: Caller, appId: string) {
  const app = found(findApp(db, tenant.orgId, appId));
  return appView(db, app, countUsers(db, tenant.orgId));
}
