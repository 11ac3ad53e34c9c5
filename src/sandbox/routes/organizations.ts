import { HttpError } from '../http-error';
import type { Services } from '../services';
import { getOrganization } from '../store/tenants';
import { type RouteDef, route } from './define';
import { organizationResponse, standardErrors } from './response-schemas';

export function organizationRoutes({ db }: Services): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/v2/organizations',
      operationId: 'get-organization',
      summary: 'The caller organization: id, name and balance in cents (the console signs in with it)',
      tags: ['organizations'],
      responses: { 200: { description: 'OK', schema: organizationResponse }, 401: standardErrors[401] },
      handle: ({ c, tenant }) => {
        const organization = getOrganization(db, tenant.orgId);
        if (!organization)
          throw new HttpError(401, 'invalid-credentials', 'The organization no longer exists');
        return c.json({ id: organization.id, name: organization.name, balance: organization.balance });
      },
    }),
  ];
}
