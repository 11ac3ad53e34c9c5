import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { EventSource } from 'eventsource';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { CHANGE_KINDS, type ChangeKind, type StreamedChange } from '../lib/live-changes';
import { z } from '../lib/zod';
import { type Credentials, session } from './credentials';

const STREAM_PATH = '/api/team/events';
/** After the console server refused to stream (a 5xx), the page asks again this much later. */
const RETRY_AFTER_FAILURE_MS = 5000;

const streamedChangeSchema = z.object({
  kind: z.enum(CHANGE_KINDS),
  id: z.string(),
  status: z.string().nullable(),
});

/**
 * What each kind of change makes stale: the object's own reads and every list or total it is part of (the transfer
 * view, the finder, the Overview and its "Needs attention", the Ledger and Treasury's balances; Approvals; Bills).
 */
export function staleQueriesOf(change: StreamedChange): QueryKey[] {
  const byKind: Record<ChangeKind, QueryKey[]> = {
    transfer: [
      ['transfers'],
      ['transactions'],
      ['wallets'],
      ['apps'],
      ['users'],
      ['payout-links'],
      ['bills'],
    ],
    payout_link: [['payout-links'], ['transfers'], ['wallets'], ['apps']],
    payout_request: [['payout-requests'], ['approvals']],
    bill: [['bills'], ['transfers']],
    user: [
      ['users', change.id],
      ['users', 'list'],
    ],
    flow: [['users'], ['payout-links']],
    approval_request: [['approvals'], ['transfers'], ['transactions'], ['wallets']],
    notice: [['notices']],
  };
  return byKind[change.kind];
}

function authorizedFetch(credentials: Credentials) {
  const bytes = new TextEncoder().encode(`${credentials.clientId}:${credentials.apiKey}`);
  const authorization = `Basic ${btoa(String.fromCharCode(...bytes))}`;
  return (url: string | URL, init: RequestInit & { headers: Record<string, string> }) =>
    fetch(url, { ...init, credentials: 'omit', headers: { ...init.headers, Authorization: authorization } });
}

export type LiveStatus = 'off' | 'connecting' | 'live';

/** Whether this tab's stream is live: pages that otherwise read again on a timer stop doing so while it is. */
let currentStatus: LiveStatus = 'off';
const statusListeners = new Set<() => void>();
function setLiveStatus(status: LiveStatus) {
  if (status === currentStatus) return;
  currentStatus = status;
  for (const listener of statusListeners) listener();
}
const liveStatusStore = {
  subscribe(listener: () => void) {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
  get: () => currentStatus,
};

/** True while the stream of changes is live: a page's timer for reading again is then not needed. */
export function useIsLive(): boolean {
  return useSyncExternalStore(liveStatusStore.subscribe, liveStatusStore.get) === 'live';
}

/**
 * While a member is signed in, one stream of what changes (Server-Sent Events, with the session's credentials; the
 * library reconnects a dropped stream and resumes from the last event id): each change makes its queries stale, so
 * every open page reads again what changed, and `onChange` hears of it. With the organization's key (no team) there
 * is no stream, and nothing asks for one.
 */
export function useLiveChanges(onChange: (change: StreamedChange) => void): LiveStatus {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(session.subscribe, session.get);
  const credentials = state.status === 'active' && state.credentials.member ? state.credentials : null;
  const listener = useRef(onChange);
  listener.current = onChange;
  const status = useSyncExternalStore(liveStatusStore.subscribe, liveStatusStore.get);
  const setStatus = setLiveStatus;
  useEffect(() => {
    if (!credentials) {
      setStatus('off');
      return;
    }
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      setStatus('connecting');
      source = new EventSource(STREAM_PATH, { fetch: authorizedFetch(credentials) });
      source.addEventListener('ready', () => setStatus('live'));
      source.addEventListener('change', (event) => {
        const parsed = streamedChangeSchema.safeParse(safeJson(event.data));
        if (!parsed.success) return;
        invalidate(queryClient, parsed.data);
        listener.current(parsed.data);
      });
      // What the page missed is no longer kept: everything is read again.
      source.addEventListener('reset', () => void queryClient.invalidateQueries());
      source.addEventListener('error', (event) => {
        if (source?.readyState !== EventSource.CLOSED) {
          setStatus('connecting');
          return;
        }
        setStatus('off');
        // A refusal (signed out, no team here) stays off; a server that failed is asked again later.
        const code = (event as { code?: number }).code;
        if (code !== undefined && code >= 500) retry = setTimeout(open, RETRY_AFTER_FAILURE_MS);
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [credentials, queryClient]);
  return status;
}

function invalidate(queryClient: QueryClient, change: StreamedChange) {
  for (const queryKey of staleQueriesOf(change)) void queryClient.invalidateQueries({ queryKey });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
