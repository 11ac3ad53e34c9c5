import { Text } from '@mantine/core';
import type { Ref } from 'react';
import { Link } from 'wouter';

/**
 * What a form says once what it sent waits for another member (api/approvals.ts, useSubmitForApproval): the request,
 * to open. Given a ref, it takes the focus its page puts there.
 */
export function SubmittedForApproval({
  requestId,
  ref,
}: {
  requestId: string;
  ref?: Ref<HTMLParagraphElement> | undefined;
}) {
  return (
    <Text role="status" ref={ref} tabIndex={ref ? -1 : undefined}>
      {'Submitted for approval: '}
      <Link href={`/approvals/${requestId}`}>Open request</Link>
    </Text>
  );
}
