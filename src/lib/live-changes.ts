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
