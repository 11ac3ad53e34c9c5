import { z } from 'zod';
import { appCompliance } from '../domain/apps';
import { type RouteDef, route, uuidParam } from './define';
import { errorResponse, standardErrors } from './response-schemas';

const complianceRecord = z
  .object({
    company_info: z.record(z.string(), z.unknown()),
    contact_info: z.record(z.string(), z.unknown()),
    directors: z.array(z.record(z.string(), z.unknown())),
    flow_of_funds: z.record(z.string(), z.unknown()),
  })
  .meta({ title: 'business-compliance-info' });

export function appRoutes(): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/v2/apps/{app_id}/compliance',
      operationId: 'get-app-compliance',
      summary: "An app's compliance record (business-compliance-info)",
      tags: ['apps'],
      params: z.object({ app_id: uuidParam('app_id') }),
      responses: {
        200: { description: 'OK', schema: complianceRecord },
        ...standardErrors,
        404: { description: 'The app has no compliance record yet', schema: errorResponse },
      },
      handle: ({ c, params, caller }) => c.json(appCompliance(caller, params.app_id)),
    }),
  ];
}
