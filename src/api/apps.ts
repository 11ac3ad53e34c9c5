import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { matchesAppName } from '../lib/people-search';
import { z } from '../lib/zod';
import { useDescribedMutation } from './activity-log';
import { request } from './client';
import { type App, appSchema, complianceRecordSchema, successMessageSchema } from './schemas';
import { IN_HAND, orNull, type PickerOption, type PickerSource, SHOWN } from './search-source';

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
  return useDescribedMutation({
    mutationKey: ['compliance', 'copy'],
    mutationFn: copyComplianceToApp,
    activity: (appId) => ({
      action: 'Compliance copied',
      subject: appId,
      details: 'organization record copied to the app',
    }),
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

function appOption(app: App): PickerOption {
  return {
    id: app.id,
    name: app.name || 'Unnamed app',
    detail: app.has_compliance === false ? 'no compliance record' : null,
  };
}

/** Apps are few: the organization's first page of them, filtered here by any word of the name or the ID, everywhere. */
export function useAppSource(): PickerSource {
  const queryClient = useQueryClient();
  return useMemo<PickerSource>(
    () => ({
      key: 'apps',
      nothingFound: 'No app by that name or ID',
      search: async (query) => {
        const apps = await queryClient.fetchQuery({
          ...appQueries.list({ limit: IN_HAND }),
          staleTime: 30_000,
        });
        const matching = apps.filter((app) => matchesAppName(app, query));
        return {
          options: matching.slice(0, SHOWN).map(appOption),
          ...(apps.length >= IN_HAND
            ? { note: `Searching the ${IN_HAND} most recent apps; paste an ID to find any other` }
            : {}),
        };
      },
      resolve: async (id) => {
        const app = await orNull(getApp(id));
        return app && appOption(app);
      },
    }),
    [queryClient],
  );
}
