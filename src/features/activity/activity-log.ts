import type { Mutation } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { session } from '../../api/credentials';
import type { CreatePaymentRequest } from '../../api/payments';
import { formatCents } from '../../lib/money';

/** What this operator did in this tab: gone at sign-out, never an account number. */
export interface Activity {
  seq: number;
  at: string;
  action: 'Payment created' | 'Address added' | 'Compliance copied' | 'Batch paid';
  outcome: 'succeeded' | 'failed';
  /** The resource it concerns: transfer, user or app id. */
  subject: string;
  details: string;
  requestId: string;
}

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

function describeMutation(
  key: string,
  variables: unknown,
  data: unknown,
): Pick<Activity, 'action' | 'subject' | 'details'> | null {
  if (key === 'payments/create') {
    const request = variables as CreatePaymentRequest;
    const payer = request.user_id ? `user ${request.user_id}` : `customer ${request.customer_id}`;
    const source = request.account_id ? 'stored account' : 'bank account';
    const transferId = (data as { id?: string } | undefined)?.id ?? '';
    return {
      action: 'Payment created',
      subject: transferId,
      details: `${formatCents(request.amount)} from ${payer} (${source})`,
    };
  }
  if (key === 'users/add-address') {
    const { userId, address } = variables as { userId: string; address: { city?: string; country?: string } };
    return {
      action: 'Address added',
      subject: userId,
      details: `${address.city ?? ''}, ${address.country ?? ''}`,
    };
  }
  if (key === 'batch/pay') {
    const batch = variables as { file: string; summary: string; cents: number };
    return {
      action: 'Batch paid',
      subject: batch.file,
      details: `${batch.summary}; ${formatCents(batch.cents)} in all`,
    };
  }
  if (key === 'compliance/copy') {
    return {
      action: 'Compliance copied',
      subject: String(variables),
      details: 'organization record copied to the app',
    };
  }
  return null;
}

/** Called by the query client for every finished mutation (see app/query-client.ts). */
export function recordMutation(
  mutation: Mutation<unknown, unknown, unknown, unknown>,
  variables: unknown,
  result: { data?: unknown; error?: unknown },
): void {
  recordActivity((mutation.options.mutationKey ?? []).join('/'), variables, result);
}

/**
 * Records a change by its operation key ('payments/create', 'users/add-address', 'compliance/copy'): for mutations,
 * for a payment whose answer was lost and that a later look-up found, and for a batch ('batch/pay'), one entry with
 * its counts and total, never its rows.
 */
export function recordActivity(
  key: string,
  variables: unknown,
  result: { data?: unknown; error?: unknown },
): void {
  const what = describeMutation(key, variables, result.data);
  if (!what) return;
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

export const activityLog = {
  entries: (): readonly Activity[] => entries,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
