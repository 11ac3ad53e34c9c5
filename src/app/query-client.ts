import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** Reads retry twice on a server or network failure, never on a 4xx (the answer will not change). Writes never retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
