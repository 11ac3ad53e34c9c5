import { z } from 'zod';
import { centsToDecimal } from '../../lib/money';
import { notFoundOrUnauthorized } from '../domain/errors';
import { userView } from '../domain/user-view';
import type { Services } from '../services';
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
import type { AppRow, CustomerRow } from '../store/tenants';
import { findApp } from '../store/tenants';
import { limitParam, type RouteDef, route, uuidParam } from './define';
import {
  appResponse,
  customerResponse,
  listResponse,
  standardErrors,
  userSummaryResponse,
} from './response-schemas';

/*
 * The vendor's directories: users, payment customers and apps, newest first, by Stripe's cursors. `search` on the
 * lists of people is the sandbox's own (lib/people-search.ts says what it matches).
 */

const cursors = {
  limit: limitParam,
  starting_after: uuidParam('starting_after').optional(),
  ending_before: uuidParam('ending_before').optional(),
};
const oneCursor = <T extends { starting_after?: string | undefined; ending_before?: string | undefined }>(
  query: z.ZodType<T>,
) =>
  query.refine((q) => !(q.starting_after && q.ending_before), {
    message: 'Give starting_after or ending_before, not both',
    path: ['ending_before'],
  });

const search = z.string().max(100, 'At most 100 characters').optional().meta({
  'x-extension': true,
  description:
    'A prefix of a first name, last name, full name, business name or email (any case), phone digits, or an exact id',
});

/** The vendor's `payment-customer`: what the customer does not have (a business name, a phone) is left out. */
function customerView(customer: CustomerRow) {
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

function appView(app: AppRow, connectedUsers: number, moneyOut: number) {
  return {
    id: app.id,
    name: app.name,
    status: 'approved' as const,
    // Every user of the organization may pay each of its apps (and be paid by them).
    metrics: {
      wallet_balance: centsToDecimal(app.balance),
      money_out: centsToDecimal(moneyOut),
      connected_users: connectedUsers,
    },
    has_compliance: app.compliance !== null,
  };
}

export function directoryRoutes({ db }: Services): RouteDef[] {
  /** The page a query asks for; a cursor that is not the organization's row gets the same 403 as elsewhere. */
  const pageFor = (
    table: 'users' | 'customers' | 'apps',
    orgId: string,
    query: {
      limit?: number | undefined;
      starting_after?: string | undefined;
      ending_before?: string | undefined;
    },
  ): SeqPage => {
    const seq = (id: string | undefined) => {
      if (!id) return undefined;
      const found = seqOf(db, table, orgId, id);
      if (found === undefined) throw notFoundOrUnauthorized();
      return found;
    };
    return { limit: query.limit ?? 10, after: seq(query.starting_after), before: seq(query.ending_before) };
  };

  return [
    route({
      method: 'GET',
      path: '/v2/users',
      operationId: 'get-users',
      summary: "The organization's users, newest first; `search` finds them by name, email, phone or id",
      tags: ['users'],
      query: oneCursor(
        z.object({
          status: z
            .enum(
              ['verified', 'unverified', 'in_review', 'disabled'],
              'verified, unverified, in_review or disabled',
            )
            .optional(),
          search,
          ...cursors,
        }),
      ),
      responses: { 200: { description: 'OK', schema: listResponse(userSummaryResponse) }, ...standardErrors },
      handle: ({ c, query, tenant }) => {
        const page = pageOfUsers(
          db,
          { orgId: tenant.orgId, status: query.status, search: query.search },
          pageFor('users', tenant.orgId, query),
        );
        return c.json({ data: page.rows.map((user) => userView(db, user)), has_more: page.more });
      },
    }),
    route({
      method: 'GET',
      path: '/v2/payment-customers',
      operationId: 'get-payment-customers',
      summary: "The organization's payment customers, newest first; `search` as for users",
      tags: ['payment-customers'],
      query: oneCursor(z.object({ search, ...cursors })),
      responses: { 200: { description: 'OK', schema: listResponse(customerResponse) }, ...standardErrors },
      handle: ({ c, query, tenant }) => {
        const page = pageOfCustomers(
          db,
          { orgId: tenant.orgId, search: query.search },
          pageFor('customers', tenant.orgId, query),
        );
        return c.json({ data: page.rows.map(customerView), has_more: page.more });
      },
    }),
    route({
      method: 'GET',
      path: '/v2/payment-customers/{payment_customer_id}',
      operationId: 'get-payment-customer',
      summary: 'A payment customer',
      tags: ['payment-customers'],
      params: z.object({ payment_customer_id: uuidParam('payment_customer_id') }),
      responses: { 200: { description: 'OK', schema: customerResponse }, ...standardErrors },
      handle: ({ c, params, tenant }) => {
        const customer = findCustomer(db, tenant.orgId, params.payment_customer_id);
        if (!customer) throw notFoundOrUnauthorized();
        return c.json(customerView(customer));
      },
    }),
    route({
      method: 'GET',
      path: '/v2/apps',
      operationId: 'list-apps',
      summary: "The organization's apps, newest first (a plain array, as the vendor's)",
      tags: ['apps'],
      query: oneCursor(z.object(cursors)),
      responses: { 200: { description: 'OK', schema: z.array(appResponse) }, ...standardErrors },
      handle: ({ c, query, tenant }) => {
        const page = pageOfApps(db, tenant.orgId, pageFor('apps', tenant.orgId, query));
        const users = countUsers(db, tenant.orgId);
        return c.json(page.rows.map((app) => appView(app, users, moneyOutOf(db, app.id))));
      },
    }),
    route({
      method: 'GET',
      path: '/v2/apps/{app_id}',
      operationId: 'get-app',
      summary: 'An app of the organization',
      tags: ['apps'],
      params: z.object({ app_id: uuidParam('app_id') }),
      responses: { 200: { description: 'OK', schema: appResponse }, ...standardErrors },
      handle: ({ c, params, tenant }) => {
        const app = findApp(db, tenant.orgId, params.app_id);
        if (!app) throw notFoundOrUnauthorized();
        return c.json(appView(app, countUsers(db, tenant.orgId), moneyOutOf(db, app.id)));
      },
    }),
  ];
}
