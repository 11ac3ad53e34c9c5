/**
 * The operator's credentials for this tab. Kept in sessionStorage only (gone when the tab closes, never shared with
 * other tabs, never in localStorage, a cookie or a URL), and mirrored in memory for the request code.
 */
export interface Credentials {
  clientId: string;
  apiKey: string;
  /** Sent as Api-App-Id, for an organization key acting for one of its apps. */
  appId?: string | undefined;
  /** Who is at the keyboard (name or email): recorded on payments and in the console server's audit log. */
  operator?: string | undefined;
}

export type SessionState =
  | { status: 'signed-out' }
  | { status: 'active'; credentials: Credentials }
  /**
   * A request was refused with 401, or the operator was idle too long: the page stays, and a dialog asks to sign in
   * again. After an idle sign-out, pages forget account numbers (see useForgetOnIdle).
   */
  | {
      status: 'expired';
      reason: 'refused' | 'idle';
      clientId: string;
      appId?: string | undefined;
      operator?: string | undefined;
    };

const STORAGE_KEY = 'payout-console.credentials';

function readStored(): Credentials | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Credentials>;
    if (typeof parsed.clientId !== 'string' || typeof parsed.apiKey !== 'string') return null;
    return {
      clientId: parsed.clientId,
      apiKey: parsed.apiKey,
      appId: parsed.appId || undefined,
      operator: parsed.operator || undefined,
    };
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
  /** The service refused the credentials, or the operator was idle: forget them, but keep the page. */
  expire(reason: 'refused' | 'idle' = 'refused'): void {
    if (state.status !== 'active') return;
    sessionStorage.removeItem(STORAGE_KEY);
    const { clientId, appId, operator } = state.credentials;
    publish({ status: 'expired', reason, clientId, appId, operator });
  },
  signOut(): void {
    sessionStorage.clear();
    publish({ status: 'signed-out' });
  },
};
