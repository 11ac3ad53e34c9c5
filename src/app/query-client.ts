import { MutationCache, QueryClient } from '@tanstack/react-query';
import { recordMutation } from '../api/activity-log';
import { ApiError } from '../api/client';

/** Reads retry twice on a server or network failure, never on a 4xx (the answer will not change). Writes never retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every write, successful or not, goes to this tab's activity log.
    mutationCache: new MutationCache({
      onSuccess: (data, variables, _context, mutation) => recordMutation(mutation, variables, { data }),
      onError: (error, variables, _context, mutation) => recordMutation(mutation, variables, { error }),
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: 0 },
    },
  });
}
