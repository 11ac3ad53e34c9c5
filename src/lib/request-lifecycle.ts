/**
 * The life of a request that waits for a second person (an approval request, a team request, and those of the groups
 * to come): it waits, `pending`, until someone decides it or its deadline passes. Past the deadline a pending request
 * is expired, whether or not the server's sweep has written so yet: every reader derives it the same way, so that no
 * one sees a request as waiting that can no longer be decided.
 */

/** How long a request waits before it expires. */
export const REQUEST_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Deadlined<S extends string = string> {
  status: S;
  /** ISO 8601 UTC: the moment it stops waiting. */
  expires_at: string;
}

const iso = (now: Date | string) => (typeof now === 'string' ? now : now.toISOString());

/** When a request made at `now` expires. */
export function deadlineFrom(now: Date, ttlMs: number = REQUEST_TTL_MS): string {
  return new Date(now.getTime() + ttlMs).toISOString();
}

/** A pending request whose deadline has come: nobody may decide it any more. */
export function isPastDeadline(request: Deadlined, now: Date | string): boolean {
  return request.status === 'pending' && request.expires_at <= iso(now);
}

/** The status a reader sees at `now`: the stored one, except a pending request past its deadline, which is expired. */
export function statusAt<S extends string>(request: Deadlined<S>, now: Date | string): S | 'expired' {
  return isPastDeadline(request, now) ? 'expired' : request.status;
}
