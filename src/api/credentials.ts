/**
 * The operator's credentials for this tab. Kept in sessionStorage only (gone when the tab closes, never in
 * localStorage, a cookie or a URL), and mirrored in memory for the request code. A console link opened in a new tab
 * asks the open tabs of this browser for them over a BroadcastChannel (same origin only): the session continues there
 * without a second sign-in, each tab keeping its own copy in its own sessionStorage; signing out in one tab signs
 * out all.
 */
import { isRole, type Role } from '../lib/roles';

/** Who signed in, in team mode: the console server's answer to sign-in. */
export interface MemberIdentity {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface Credentials {
  /** Basic auth's user: in team mode the member's id, else the organization's client id. */
  clientId: string;
  /** Basic auth's password: in team mode the member's session secret, else the organization's API key. */
  apiKey: string;
  /** Team mode: the member behind the session. */
  member?: MemberIdentity | undefined;
  /** Team mode, paying roles: the organization's secret that a file's row keys derive from (lib/file-engine/row-keys.ts). */
  batchSecret?: string | undefined;
  /** Team mode: a paying role outside the sandbox with no authenticator yet; the console asks to set one up. */
  mustEnrollTotp?: boolean | undefined;
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
      member?: MemberIdentity | undefined;
    };

const STORAGE_KEY = 'payout-console.credentials';

function readStored(): Credentials | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Credentials>;
    if (typeof parsed.clientId !== 'string' || typeof parsed.apiKey !== 'string') return null;
    const member = parsed.member;
    const validMember =
      member &&
      typeof member.id === 'string' &&
      typeof member.email === 'string' &&
      typeof member.name === 'string' &&
      isRole(member.role);
    return {
      clientId: parsed.clientId,
      apiKey: parsed.apiKey,
      appId: parsed.appId || undefined,
      operator: parsed.operator || undefined,
      member: validMember ? { ...member } : undefined,
      batchSecret: typeof parsed.batchSecret === 'string' ? parsed.batchSecret : undefined,
      mustEnrollTotp: parsed.mustEnrollTotp === true || undefined,
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

/** What the tabs of this console say to each other. */
type TabMessage =
  | { type: 'ask'; from: string }
  | { type: 'hand-off'; to: string; credentials: Credentials }
  | { type: 'signed-out' };

const tabId = typeof crypto === 'undefined' ? 'tab' : crypto.randomUUID();
const channel =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('payout-console.session');
/** How long a new tab waits for an open one to answer before it asks the operator to sign in. */
const HAND_OFF_WAIT_MS = 400;
/** A tab that opened signed out is asking the others; until they answer (or do not), it is not yet signed out. */
let askingOtherTabs = state.status === 'signed-out' && channel !== null;

if (channel) {
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    if (message?.type === 'ask' && state.status === 'active') {
      channel.postMessage({
        type: 'hand-off',
        to: message.from,
        credentials: state.credentials,
      } satisfies TabMessage);
    } else if (message?.type === 'hand-off' && message.to === tabId && state.status !== 'active') {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(message.credentials));
      askingOtherTabs = false;
      publish({ status: 'active', credentials: message.credentials });
    } else if (message?.type === 'signed-out' && state.status !== 'signed-out') {
      sessionStorage.clear();
      publish({ status: 'signed-out' });
    }
  };
  if (askingOtherTabs) {
    channel.postMessage({ type: 'ask', from: tabId } satisfies TabMessage);
    setTimeout(() => {
      if (!askingOtherTabs) return;
      askingOtherTabs = false;
      // A new object: the store's readers see that something changed (no tab answered).
      publish({ ...state });
    }, HAND_OFF_WAIT_MS);
  }
}

export const session = {
  get: (): SessionState => state,
  /** A new tab still waiting for the open ones to hand it their session. */
  askingOtherTabs: (): boolean => askingOtherTabs,
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
    const { clientId, appId, operator, member } = state.credentials;
    publish({ status: 'expired', reason, clientId, appId, operator, member });
  },
  /** Signs out this tab and every other tab of this console in this browser. */
  signOut(): void {
    sessionStorage.clear();
    channel?.postMessage({ type: 'signed-out' } satisfies TabMessage);
    publish({ status: 'signed-out' });
  },
};

/**
 * What a file's row keys derive from (lib/file-engine/row-keys.ts): the same for every member of the
 * organization, so that a re-upload from another member's session pays nothing twice. A member holds the
 * organization's batch secret (paying roles only); with the organization's key, the key itself.
 */
export function batchKeySecret(credentials: Credentials | null): string | undefined {
  if (!credentials) return undefined;
  return credentials.member ? credentials.batchSecret : credentials.apiKey;
}

/** Who a payment names as its author (metadata.initiated_by): the member's email, else what the operator typed. */
export function authorOf(credentials: Credentials | null): string | undefined {
  return credentials?.member?.email ?? credentials?.operator;
}
