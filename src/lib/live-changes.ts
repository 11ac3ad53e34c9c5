/**
 * The kinds of object a page is told changed (server/live/changes.ts), and what the stream to the browser carries of
 * each change: which object, and the status it now has. The page reads the object again to learn the rest.
 */
export const CHANGE_KINDS = [
  'transfer',
  'payout_link',
  'payout_request',
  'bill',
  'user',
  'flow',
  'approval_request',
  'notice',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One `change` event of the stream (GET /api/team/events), its data as JSON. */
export interface StreamedChange {
  kind: ChangeKind;
  id: string;
  status: string | null;
}

/** The stream's event names: a change; `reset` when what the page missed is no longer kept (it reads all again). */
export const STREAM_EVENTS = ['change', 'reset'] as const;

const KIND_WORDS: Record<ChangeKind, string> = {
  transfer: 'Transfer',
  payout_link: 'Payout link',
  payout_request: 'Payout request',
  bill: 'Bill',
  user: 'User',
  flow: 'Onboarding flow',
  approval_request: 'Approval request',
  notice: 'Notice',
};

/** What a screen reader hears of a change of status ("Transfer 1a2b3c4d is now completed"); null when there is none. */
export function announcementOf(change: StreamedChange): string | null {
  if (change.status === null || change.kind === 'notice') return null;
  return `${KIND_WORDS[change.kind]} ${change.id.slice(0, 8)} is now ${change.status.replaceAll('_', ' ')}`;
}
