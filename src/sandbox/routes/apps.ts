import { z } from 'zod';
import { notFoundOrUnauthorized } from '../domain/errors';
import type { Services } from '../services';
import { findApp } from '../store/tenants';
import { type RouteDef, route, uuidParam } from './define';
import { HttpError } from './http-error';
import { errorResponse, standardErrors } from './response-schemas';

const complianceRecord = z
  .object({
    company_info: z.record(z.string(), z.unknown()),
    contact_info: z.record(z.string(), z.unknown()),
    directors: z.array(z.record(z.string(), z.unknown())),
    flow_of_funds: z.record(z.string(), z.unknown()),
  })
  .meta({ title: 'business-compliance-info' });

export function appRoutes({ db }: Services): RouteDef[] {
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
      handle: ({ c, params, tenant }) => {
        const app = findApp(db, tenant.orgId, params.app_id);
        if (!app) throw notFoundOrUnauthorized();
        if (!app.compliance)
          throw new HttpError(404, 'no-compliance-record', 'This app has no compliance record yet');
        return c.json(JSON.parse(app.compliance));
      },
    }),
  ];
}
