import { z } from 'zod';
import { payoutMethodView } from '../domain/tenant-factory';
import { notFoundOrUnauthorized } from '../http-error';
import type { Services } from '../services';
import { findUser, listStoredAccounts } from '../store/tenants';
import { type RouteDef, route, uuidParam } from './define';
import { payoutMethodResponse, standardErrors } from './response-schemas';

const userParams = z.object({ user_id: uuidParam('user_id') });

export function userRoutes({ db }: Services): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/v2/users/{user_id}/payout-methods',
      operationId: 'get-payout-methods',
      summary: "The user's stored payout methods; only the last four digits of an account",
      tags: ['users'],
      params: userParams,
      responses: { 200: { description: 'OK', schema: z.array(payoutMethodResponse) }, ...standardErrors },
      handle: ({ c, params, tenant }) => {
        const user = findUser(db, tenant.orgId, params.user_id);
        if (!user) throw notFoundOrUnauthorized();
        return c.json(listStoredAccounts(db, user.id).map(payoutMethodView));
      },
    }),
  ];
}
