import { useQueryClient } from '@tanstack/react-query';
import type { BusinessCompliance } from '../lib/requests/onboarding';
import { z } from '../lib/zod';
import { useDescribedMutation } from './activity-log';
import { request } from './client';
import { appSchema } from './schemas';

/** Apps made and kept by finance: a new app, its compliance record (the EIN kept by its last four), its KYB link. */

const appPath = (appId: string) => `/v2/apps/${encodeURIComponent(appId)}`;

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['apps', 'create'],
    mutationFn: ({ name }: { name: string }) =>
      request({ method: 'POST', path: '/v2/apps', body: { name }, response: appSchema }),
    activity: ({ name }, made) => ({ action: 'App created', subject: made?.id ?? name, details: name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apps'] }),
  });
}

export function useUpdateAppCompliance() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['apps', 'compliance', 'update'],
    mutationFn: ({ appId, record }: { appId: string; record: BusinessCompliance }) =>
      request({
        method: 'PUT',
        path: `${appPath(appId)}/compliance`,
        body: record,
        response: z.unknown(),
      }),
    // Never the EIN or an SSN: the log keeps the company's name.
    activity: ({ appId, record }) => ({
      action: 'App compliance saved',
      subject: appId,
      details: record.company_info.name,
    }),
    onSuccess: (_answer, { appId }) => queryClient.invalidateQueries({ queryKey: ['apps', appId] }),
  });
}

export const kybLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string().nullish(),
  status: z.string().nullish(),
});

export function useStartKyb() {
  return useDescribedMutation({
    mutationKey: ['apps', 'kyb'],
    mutationFn: (appId: string) =>
      request({ method: 'POST', path: `${appPath(appId)}/kyb-flow`, response: kybLinkSchema }),
    activity: (appId) => ({ action: 'KYB link made', subject: appId, details: 'expires in 72 hours' }),
  });
}
