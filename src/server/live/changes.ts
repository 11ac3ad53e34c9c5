import { CHANGE_KINDS, type ChangeKind } from '../../lib/live-changes';

/**
 * What changed, as the console server tells open pages: a hint to read again, never the object itself. A page that
 * learns of a change reads the object through the gate, with its member's permissions, so a change carries no amount,
 * no name and no account: only what kind of object changed, which one, and the status it now has.
 *
 * Two halves meet here: what learns of changes (the service's events, the console's own decisions) publishes to a
 * ChangeSink; the stream to the browser reads what was published, in order, from any console server.
 */
export { CHANGE_KINDS, type ChangeKind };

export interface Change {
  /** The console's organization the object belongs to: no other organization's stream carries the change. */
  orgId: string;
  kind: ChangeKind;
  /** The object's id at the service (a transfer's, a bill's), or the console's own (an approval request's, a notice's). */
  id: string;
  /** The status the object now has, as its read answers it; null where it has none (a user's details changed). */
  status: string | null;
  /** A notice is for one member only: no other member's stream carries it. */
  memberId?: string;
}

export interface ChangeSink {
  /** Resolves once the change is stored, so every console server's streams will carry it, in order. */
  publish(change: Change): Promise<void>;
}

export function isChangeKind(value: string): value is ChangeKind {
  return (CHANGE_KINDS as readonly string[]).includes(value);
}
