import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '../lib/zod';
import { request } from './client';
import { appSchema, complianceRecordSchema, successMessageSchema } from './schemas';

/** PUT with no body: copies the organization's compliance record onto the app (overwriting its own). */
export function copyComplianceToApp(appId: string) {
  return request({
    method: 'PUT',
    path: `/v2/organizations/copy-organization-compliance-to-app/${encodeURIComponent(appId)}`,
    response: successMessageSchema,
  });
}

export function useCopyCompliance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['compliance', 'copy'],
    mutationFn: copyComplianceToApp,
    retry: 0,
    // An app's compliance record, and whether it has one, changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apps'] }),
  });
}

export function getAppCompliance(appId: string) {
  return request({
    method: 'GET',
    path: `/v2/apps/${encodeURIComponent(appId)}/compliance`,
    response: complianceRecordSchema,
  });
}

/** The vendor's list of apps is a plain array, newest first, paged by `starting_after` and `ending_before`. */
export function listApps(query: { limit?: number; starting_after?: string; ending_before?: string }) {
  return request({ method: 'GET', path: '/v2/apps', query: { ...query }, response: z.array(appSchema) });
}

export function getApp(appId: string) {
  return request({ method: 'GET', path: `/v2/apps/${encodeURIComponent(appId)}`, response: appSchema });
}

export const appQueries = {
  list: (query: { limit?: number; starting_after?: string; ending_before?: string }) =>
    queryOptions({ queryKey: ['apps', 'list', query], queryFn: () => listApps(query) }),
  detail: (appId: string) => queryOptions({ queryKey: ['apps', appId], queryFn: () => getApp(appId) }),
  compliance: (appId: string) =>
    queryOptions({
      queryKey: ['apps', appId, 'compliance'],
      queryFn: () => getAppCompliance(appId),
      staleTime: 0,
    }),
};
