import type { Role } from '../../lib/roles';

/** How members sign in and how long a session lasts: the team's, made at start (team.ts) from the configuration. */
export interface SignInPolicy {
  /** Failed sign-ins per email within the window before a 429; an address (an office behind one NAT) gets 5×. */
  failureLimit: number;
  failureWindowMs: number;
  /** A session unused this long is over. */
  idleTimeoutMs: number;
  /** Roles that must use a TOTP code (finance and admin outside the sandbox). */
  totpRequiredFor: readonly Role[];
}

export const DEFAULT_POLICY: SignInPolicy = {
  failureLimit: 20,
  failureWindowMs: 15 * 60 * 1000,
  idleTimeoutMs: 15 * 60 * 1000,
  totpRequiredFor: [],
};
