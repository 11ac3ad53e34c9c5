import { MutationCache, notifyManager, QueryClient } from '@tanstack/react-query';
import { recordMutation } from '../api/activity-log';
import { ApiError } from '../api/client';

/*
 * A request's state (pending, done) reaches the components in a microtask rather than a later timer task (the
 * library's default). A click that starts a payment then renders its loading, disabled state before the browser
 * handles the next input: an Escape or a second click in between would otherwise act on the screen as it was before
 * the click (the review closed while money was moving; a second approval request).
 */
const renderBeforeNextInput = () => notifyManager.setScheduler((callback) => queueMicrotask(callback));

/** Reads retry twice on a server or network failure, never on a 4xx (the answer will not change). Writes never retry. */
export function createQueryClient(): QueryClient {
  renderBeforeNextInput();
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
