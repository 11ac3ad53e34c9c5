import { z } from 'zod';
import { appOf, customerOf, listApps, listCustomers, listUsers } from '../domain/directory';
import { cursorFields, oneCursor, type RouteDef, route, uuidParam } from './define';
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

const search = z.string().max(100, 'At most 100 characters').optional().meta({
  'x-extension': true,
  description:
    'A prefix of a first name, last name, full name, business name or email (any case), phone digits, or an exact id',
});

export function directoryRoutes(): RouteDef[] {
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
          ...cursorFields,
        }),
      ),
      responses: { 200: { description: 'OK', schema: listResponse(userSummaryResponse) }, ...standardErrors },
      handle: ({ c, query, caller }) => c.json(listUsers(caller, query)),
    }),
    route({
      method: 'GET',
      path: '/v2/payment-customers',
      operationId: 'get-payment-customers',
      summary: "The organization's payment customers, newest first; `search` as for users",
      tags: ['payment-customers'],
      query: oneCursor(z.object({ search, ...cursorFields })),
      responses: { 200: { description: 'OK', schema: listResponse(customerResponse) }, ...standardErrors },
      handle: ({ c, query, caller }) => c.json(listCustomers(caller, query)),
    }),
    route({
      method: 'GET',
      path: '/v2/payment-customers/{payment_customer_id}',
      operationId: 'get-payment-customer',
      summary: 'A payment customer',
      tags: ['payment-customers'],
      params: z.object({ payment_customer_id: uuidParam('payment_customer_id') }),
      responses: { 200: { description: 'OK', schema: customerResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(customerOf(caller, params.payment_customer_id)),
    }),
    route({
      method: 'GET',
      path: '/v2/apps',
      operationId: 'list-apps',
      summary: "The organization's apps, newest first (a plain array, as the vendor's)",
      tags: ['apps'],
      query: oneCursor(z.object(cursorFields)),
      responses: { 200: { description: 'OK', schema: z.array(appResponse) }, ...standardErrors },
      handle: ({ c, query, caller }) => c.json(listApps(caller, query)),
    }),
    route({
      method: 'GET',
      path: '/v2/apps/{app_id}',
      operationId: 'get-app',
      summary: 'An app of the organization',
      tags: ['apps'],
      params: z.object({ app_id: uuidParam('app_id') }),
      responses: { 200: { description: 'OK', schema: appResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(appOf(caller, params.app_id)),
    }),
  ];
}
