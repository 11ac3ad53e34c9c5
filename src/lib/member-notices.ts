import type { ChangeKind } from './live-changes';

/** What a member's notice can be about: their own approval request, or a transfer they made. */
export type NoticeAbout = Exclude<ChangeKind, 'notice'>;

/** The statuses of a transfer its maker is told of: the money did not arrive, or came back. */
export const TRANSFER_TROUBLE = ['failed', 'returned'] as const;
export type TransferTrouble = (typeof TRANSFER_TROUBLE)[number];

export function isTransferTrouble(status: string | null): status is TransferTrouble {
  return (TRANSFER_TROUBLE as readonly (string | null)[]).includes(status);
}

const KIND_WORDS: Record<NoticeAbout, string> = {
  // A transfer is a payment, a payout, a move or a bill's payment: the notice does not know which, its page does.
  transfer: 'transfer',
  payout_link: 'payout link',
  payout_request: 'payout request',
  bill: 'bill',
  user: 'user',
  flow: 'onboarding flow',
  approval_request: 'request for approval',
};

/** A notice in words, as the member's list and their mail say it ("Your transfer 1a2b3c4d was returned"). */
export function noticeWords(about: { kind: NoticeAbout; id: string }, status: string | null): string {
  const what = `Your ${KIND_WORDS[about.kind]} ${about.id.replace(/^[a-z]+_/, '').slice(0, 8)}`;
  if (status === null) return `${what} changed`;
  if (status === 'returned') return `${what} was returned`;
  return `${what}: ${status.replaceAll('_', ' ').replaceAll('-', ' ')}`;
}

/** Where the console shows what a notice is about; null where it has no page of its own. */
export function noticeLink(about: { kind: NoticeAbout; id: string }): string | null {
  switch (about.kind) {
    case 'approval_request':
      return `/approvals/${about.id}`;
    case 'transfer':
      return `/transfers/${about.id}`;
    case 'payout_link':
      return `/payout-links/${about.id}`;
    case 'user':
      return `/users/${about.id}`;
    default:
      return null;
  }
}
