import { Badge, VisuallyHidden } from '@mantine/core';
import { APPROVAL_STATUS_WORDS, type ApprovalStatus } from '../lib/approval-rules';

/** Shades with at least 4.5:1 against white text, as the transfers' badges. */
const COLOR: Record<ApprovalStatus, string> = {
  pending: 'blue.8',
  approved: 'teal.9',
  executing: 'blue.8',
  executed: 'teal.9',
  'partly-executed': 'orange.9',
  failed: 'red.9',
  rejected: 'red.9',
  expired: 'dark.6',
  cancelled: 'dark.6',
  withdrawn: 'dark.6',
};

/** A request's state in the one vocabulary (lib/approval-rules.ts). */
export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  return (
    <Badge color={COLOR[status]} variant="filled">
      <VisuallyHidden>Status: </VisuallyHidden>
      {APPROVAL_STATUS_WORDS[status]}
    </Badge>
  );
}
