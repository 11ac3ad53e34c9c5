import { z } from 'zod';
import { notFoundOrUnauthorized } from '../domain/errors';
import type { Services } from '../services';
import { findApp, getOrganization, setAppCompliance } from '../store/tenants';
import { type RouteDef, route, uuidParam } from './define';
import { HttpError } from './http-error';
import { organizationResponse, standardErrors, successMessageResponse } from './response-schemas';

export const COMPLIANCE_COPIED = 'Business compliance information successfully copied';

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
      handle: ({ c, params, tenant }) => {
        const organization = getOrganization(db, tenant.orgId);
        if (!organization?.compliance) {
          throw new HttpError(
            400,
            'no-compliance-record',
            'The organization has no business compliance information to copy; add it first',
          );
        }
        const app = findApp(db, tenant.orgId, params.api_app_id);
        if (!app) throw notFoundOrUnauthorized();
        setAppCompliance(db, app.id, organization.compliance);
        return c.json({ success: true, message: COMPLIANCE_COPIED });
      },
    }),
  ];
}
