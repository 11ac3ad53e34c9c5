import { z } from 'zod';
import { addressSchema } from '../../lib/address';
import { addPayoutMethodSchema } from '../../lib/requests/payout-methods';
import { addressView, newAddressRow } from '../domain/addresses';
import { notFoundOrUnauthorized } from '../domain/errors';
import { addPayoutMethod, payoutMethodsOf } from '../domain/payout-method';
import { userView } from '../domain/user-view';
import type { Services } from '../services';
import { addressesOf, insertAddress } from '../store/addresses';
import { findUser } from '../store/tenants';
import { type RouteDef, route, uuidParam } from './define';
import { addressResponse, payoutMethodResponse, standardErrors, userResponse } from './response-schemas';

const userParams = z.object({ user_id: uuidParam('user_id') });

export function userRoutes({ db, now }: Services): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/v2/users/{user_id}',
      operationId: 'get-user',
      summary: 'A user, with the addresses added to it (newest first)',
      tags: ['users'],
      params: userParams,
      responses: { 200: { description: 'OK', schema: userResponse }, ...standardErrors },
      handle: ({ c, params, tenant }) => {
        const user = findUser(db, tenant.orgId, params.user_id);
        if (!user) throw notFoundOrUnauthorized();
        return c.json({ ...userView(db, user), addresses: addressesOf(db, user.id).map(addressView) });
      },
    }),
    route({
      method: 'PUT',
      path: '/v2/users/{user_id}/addresses',
      operationId: 'add-user-address',
      summary: 'Add an address to a user (every call adds one); answers the stored, normalized address',
      tags: ['users'],
      params: userParams,
      body: addressSchema,
      responses: { 200: { description: 'The stored address', schema: addressResponse }, ...standardErrors },
      handle: ({ c, params, body, tenant }) => {
        const user = findUser(db, tenant.orgId, params.user_id);
        if (!user) throw notFoundOrUnauthorized();
        const row = newAddressRow(user.id, body, now());
        insertAddress(db, row);
        return c.json(addressView(row));
      },
    }),
    route({
      method: 'GET',
      path: '/v2/users/{user_id}/payout-methods',
      operationId: 'get-payout-methods',
      summary:
        "The user's payout methods (bank accounts by their last four digits; PayPal, Venmo, Cash App); the default marked",
      tags: ['users'],
      params: userParams,
      responses: { 200: { description: 'OK', schema: z.array(payoutMethodResponse) }, ...standardErrors },
      handle: ({ c, params, tenant }) => {
        const user = findUser(db, tenant.orgId, params.user_id);
        if (!user) throw notFoundOrUnauthorized();
        return c.json(payoutMethodsOf(db, user));
      },
    }),
    route({
      method: 'PUT',
      path: '/v2/users/{user_id}/payout-methods',
      operationId: 'add-payout-method',
      summary:
        'Add a payout method to a user (ach, paypal, venmo or cash_app); a bank account keeps its last four digits only',
      tags: ['users'],
      params: userParams,
      body: addPayoutMethodSchema,
      responses: {
        200: { description: 'The method added (never a whole account number)', schema: payoutMethodResponse },
        ...standardErrors,
      },
      handle: ({ c, params, body, tenant }) => {
        const user = findUser(db, tenant.orgId, params.user_id);
        if (!user) throw notFoundOrUnauthorized();
        return c.json(
          db.transaction(() =>
            addPayoutMethod(db, tenant.orgId, user.id, body, new Date(now()).toISOString()),
          )(),
        );
      },
    }),
  ];
}
