import { z } from 'zod';
import { addressSchema } from '../../lib/address';
import { addPayoutMethodSchema } from '../../lib/requests/payout-methods';
import { addUserAddress, addUserPayoutMethod, payoutMethodsOfUser, userOf } from '../domain/users';
import { type RouteDef, route, uuidParam } from './define';
import { addressResponse, payoutMethodResponse, standardErrors, userResponse } from './response-schemas';

const userParams = z.object({ user_id: uuidParam('user_id') });

export function userRoutes(): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/v2/users/{user_id}',
      operationId: 'get-user',
      summary: 'A user, with the addresses added to it (newest first)',
      tags: ['users'],
      params: userParams,
      responses: { 200: { description: 'OK', schema: userResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(userOf(caller, params.user_id)),
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
      handle: ({ c, params, body, caller }) => c.json(addUserAddress(caller, params.user_id, body)),
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
      handle: ({ c, params, caller }) => c.json(payoutMethodsOfUser(caller, params.user_id)),
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
      handle: ({ c, params, body, caller }) => c.json(addUserPayoutMethod(caller, params.user_id, body)),
    }),
  ];
}
