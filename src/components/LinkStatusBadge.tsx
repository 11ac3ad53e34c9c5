import { Badge, VisuallyHidden } from '@mantine/core';
import { LINK_STATUS_COLORS, LINK_STATUS_WORDS } from '../lib/payout-link-states';

/** A payout link's status, in words. */
export function LinkStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={LINK_STATUS_COLORS[status] ?? 'gray.8'} variant="filled">
      <VisuallyHidden>Status: </VisuallyHidden>
      {LINK_STATUS_WORDS[status] ?? status}
    </Badge>
  );
}
