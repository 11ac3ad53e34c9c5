/**
 * The operator's credentials for this tab. Kept in sessionStorage only (gone when the tab closes, never shared with
 * other tabs, never in localStorage, a cookie or a URL), and mirrored in memory for the request code.
 */
export interface Credentials {
  clientId: string;
  apiKey: string;
  /** Sent as Api-App-Id, for an organization key acting for one of its apps. */
  appId?: string | undefined;
}

export type SessionState =
  | { status: 'signed-out' }
  | { status: 'active'; credentials: Credentials }
  /** A request was refused with 401: the page stays, and a dialog asks to sign in again. */
  | { status: 'expired'; clientId: string; appId?: string | undefined };

const STORAGE_KEY = 'payout-console.credentials';

function readStored(): Credentials | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Credentials>;
    if (typeof parsed.clientId !== 'string' || typeof parsed.apiKey !== 'string') return null;
    return { clientId: parsed.clientId, apiKey: parsed.apiKey, appId: parsed.appId || undefined };
  } catch {
    return null;
  }
}

let state: SessionState = (() => {
  const stored = typeof sessionStorage === 'undefined' ? null : readStored();
  return stored ? { status: 'active', credentials: stored } : { status: 'signed-out' };
})();
const listeners = new Set<() => void>();

function publish(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  credentials: (): Credentials | null => (state.status === 'active' ? state.credentials : null),
  signIn(credentials: Credentials): void {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(credentials));
    publish({ status: 'active', credentials });
  },
  /** The service refused the credentials: forget them, but keep the page (and what the operator typed). */
  expire(): void {
    if (state.status !== 'active') return;
    sessionStorage.removeItem(STORAGE_KEY);
    publish({ status: 'expired', clientId: state.credentials.clientId, appId: state.credentials.appId });
  },
  signOut(): void {
    sessionStorage.clear();
    publish({ status: 'signed-out' });
  },
};
