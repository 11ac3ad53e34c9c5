import {
  type DefaultError,
  type Mutation,
  type UseMutationOptions,
  useMutation,
} from '@tanstack/react-query';
import { ApiError } from './client';
import { session } from './credentials';

/** What a change was, in the operator's words: never an account number. */
export interface ActivityDescription {
  action: string;
  /** The resource it concerns: transfer, user, app id or file name. */
  subject: string;
  details: string;
}

/** What this operator did in this tab: gone at sign-out. */
export interface Activity extends ActivityDescription {
  seq: number;
  at: string;
  outcome: 'succeeded' | 'failed';
  requestId: string;
}

/** How a mutation says what it did; null for one that changes nothing worth a line (signing in). */
export type DescribeActivity<TVariables, TData> =
  | ((variables: TVariables, data: TData | undefined) => ActivityDescription)
  | null;

// In sessionStorage, like the credentials: it survives a reload of the tab and goes at sign-out (which clears it).
const STORAGE_KEY = 'payout-console.activity';
function load(): Activity[] {
  try {
    const stored = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as Activity[]) : [];
  } catch {
    return [];
  }
}
let entries: Activity[] = load();
let seq = entries[0]?.seq ?? 0;
const listeners = new Set<() => void>();
const publish = () => {
  if (entries.length > 0) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries.slice(0, 500)));
  for (const listener of listeners) listener();
};

session.subscribe(() => {
  if (session.get().status === 'signed-out') {
    entries = [];
    publish();
  }
});

/** One line of the log: a mutation's, a payment found by a look-up after its answer was lost, a batch's summary. */
export function recordActivity(what: ActivityDescription, result: { error?: unknown } = {}): void {
  const error = result.error;
  seq += 1;
  entries = [
    {
      ...what,
      seq,
      at: new Date().toISOString(),
      outcome: error ? 'failed' : 'succeeded',
      details: error ? `${what.details}: ${(error as Error).message}` : what.details,
      requestId: error instanceof ApiError ? (error.requestId ?? '') : '',
    },
    ...entries,
  ];
  publish();
}

/** Called by the query client for every finished mutation (app/query-client.ts): each describes itself. */
export function recordMutation(
  mutation: Mutation<unknown, unknown, unknown, unknown>,
  variables: unknown,
  result: { data?: unknown; error?: unknown },
): void {
  const describe = mutation.options.meta?.activity as DescribeActivity<unknown, unknown> | undefined;
  if (describe) recordActivity(describe(variables, result.data), result);
}

/**
 * Every mutation of the console goes through here (a test holds to that), so that none can forget to say what goes
 * into the activity log: `activity` is required, and declared beside the mutation it describes.
 */
export function useDescribedMutation<TData, TVariables, TError = DefaultError>(
  options: Omit<UseMutationOptions<TData, TError, TVariables>, 'meta'> & {
    activity: DescribeActivity<TVariables, TData>;
  },
) {
  const { activity, ...rest } = options;
  return useMutation<TData, TError, TVariables>({ retry: 0, ...rest, meta: { activity } });
}

export const activityLog = {
  entries: (): readonly Activity[] => entries,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
