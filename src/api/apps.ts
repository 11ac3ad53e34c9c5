import { queryOptions, useMutation } from '@tanstack/react-query';
import { request } from './client';
import { complianceRecordSchema, successMessageSchema } from './schemas';

/** PUT with no body: copies the organization's compliance record onto the app (overwriting its own). */
export function copyComplianceToApp(appId: string) {
  return request({
    method: 'PUT',
    path: `/v2/organizations/copy-organization-compliance-to-app/${encodeURIComponent(appId)}`,
    response: successMessageSchema,
  });
}

export function useCopyCompliance() {
  return useMutation({ mutationKey: ['compliance', 'copy'], mutationFn: copyComplianceToApp, retry: 0 });
}

export function getAppCompliance(appId: string) {
  return request({
    method: 'GET',
    path: `/v2/apps/${encodeURIComponent(appId)}/compliance`,
    response: complianceRecordSchema,
  });
}

export const appQueries = {
  compliance: (appId: string) =>
    queryOptions({
      queryKey: ['apps', appId, 'compliance'],
      queryFn: () => getAppCompliance(appId),
      staleTime: 0,
    }),
};
