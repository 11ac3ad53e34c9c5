import { z } from 'zod';
import { COMPLIANCE_COPIED, copyComplianceToApp, organizationOf } from '../domain/organizations';
import { type RouteDef, route, uuidParam } from './define';
import { organizationResponse, standardErrors, successMessageResponse } from './response-schemas';

export function organizationRoutes(): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/v2/organizations',
      operationId: 'get-organization',
      summary: 'The caller organization: id, name and balance in cents (the console signs in with it)',
      tags: ['organizations'],
      responses: { 200: { description: 'OK', schema: organizationResponse }, 401: standardErrors[401] },
      handle: ({ c, caller }) => c.json(organizationOf(caller)),
    }),
    route({
      method: 'PUT',
      path: '/v2/organizations/copy-organization-compliance-to-app/{api_app_id}',
      operationId: 'copy-organization-compliance-to-app',
      summary:
        "Copy the caller organization's compliance record onto one of its apps (overwrites; repeatable)",
      tags: ['organizations'],
      params: z.object({ api_app_id: uuidParam('api_app_id') }),
      // The operation takes no body: an empty one or {} (with or without a content type).
      body: z.object({}).strict(),
      bodyOptional: true,
      responses: {
        200: { description: COMPLIANCE_COPIED, schema: successMessageResponse },
        400: {
          description: 'Not a UUID, or the organization has no compliance record',
          schema: standardErrors[400].schema,
        },
        401: standardErrors[401],
        403: standardErrors[403],
      },
      handle: ({ c, params, caller }) => c.json(copyComplianceToApp(caller, params.api_app_id)),
    }),
  ];
}
