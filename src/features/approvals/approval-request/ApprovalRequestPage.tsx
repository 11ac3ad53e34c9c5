import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams } from 'wouter';
import { approvalQueries } from '../../../api/approvals';
import { useIsLive } from '../../../api/live-changes';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { ApprovalStatusBadge } from '../../../components/ApprovalStatusBadge';
import { Notice } from '../../../components/Notice';
import { isInMotion } from '../../../lib/approval-rules';
import { formatDateTime } from '../../../lib/dates';
import { ApprovalResults } from '../ApprovalResults';
import { Decision } from './Decision';
import { WhatMoves } from './WhatMoves';

/**
 * One request: what will move exactly as its maker reviewed it, who decided what, and the result. It follows the
 * request while it is waiting or being paid (a refetch every two seconds), so its maker sees it paid without a reload.
 */
export function ApprovalRequestPage() {
  const { requestId = '' } = useParams();
  // While the stream of changes is live, the request is read again when it changes, not on a timer.
  const live = useIsLive();
  const found = useQuery({
    ...approvalQueries.detail(requestId),
    refetchInterval: (query) =>
      !live && query.state.data && isInMotion(query.state.data.status) ? 2000 : false,
  });
  const request = found.data;
  // The page saw the request end: the list is read again now, so that the notice of its end comes with it rather
  // than at the list's next scheduled read.
  const queryClient = useQueryClient();
  const wasInMotion = useRef(false);
  useEffect(() => {
    if (!request) return;
    const inMotion = isInMotion(request.status);
    if (wasInMotion.current && !inMotion)
      void queryClient.invalidateQueries({ queryKey: approvalQueries.list().queryKey.slice(0, 2) });
    wasInMotion.current = inMotion;
  }, [request, queryClient]);

  return (
    <Stack maw={860}>
      <Title order={1}>Approval request</Title>
      {found.isError && <ApiErrorAlert error={found.error} />}
      {found.isPending && <Skeleton height={200} />}
      {request && (
        <>
          <Group>
            <ApprovalStatusBadge status={request.status} />
            <Text size="sm">
              {`Prepared by ${request.maker?.name ?? request.maker_id}${request.maker ? ` (${request.maker.email})` : ''} on ${formatDateTime(request.created_at)}; ${request.approvals_needed} approval${request.approvals_needed === 1 ? '' : 's'} needed; expires ${formatDateTime(request.expires_at)}.`}
            </Text>
          </Group>
          <WhatMoves request={request} />
          {(request.warnings ?? []).length > 0 && (
            <Notice tone="warning" title="Before approving: what the console found in this file">
              <Stack gap={4}>
                {(request.warnings ?? []).map((warning) => (
                  <Text key={warning} size="sm">
                    {warning}
                  </Text>
                ))}
              </Stack>
            </Notice>
          )}
          {request.status === 'rejected' && request.result?.reason && (
            <Notice tone="danger" title="Rejected" role="status">
              {request.result.reason}
            </Notice>
          )}
          {(request.status === 'cancelled' || request.status === 'withdrawn') && (
            <Notice
              tone="info"
              title={request.status === 'cancelled' ? 'Canceled' : 'Withdrawn'}
              role="status"
            >
              {request.result?.reason ?? 'Nothing was paid.'}
            </Notice>
          )}
          <ApprovalResults request={request} />
          {(request.decisions ?? []).map((d) => (
            <Text key={d.member_id} size="sm">
              {`${d.name} ${d.decision === 'approve' ? 'approved' : 'rejected'} on ${formatDateTime(d.at)}`}
              {d.reason ? `: ${d.reason}` : ''}
            </Text>
          ))}
          <Decision request={request} />
        </>
      )}
    </Stack>
  );
}
