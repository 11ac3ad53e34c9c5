import { Badge, VisuallyHidden } from '@mantine/core';
import { linkStatusColor, linkStatusWords } from '../lib/payout-link-states';

/** A payout link's status, in words. */
export function LinkStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={linkStatusColor(status)} variant="filled" data-status={status}>
      <VisuallyHidden>Status: </VisuallyHidden>
      {linkStatusWords(status)}
    </Badge>
  );
}
