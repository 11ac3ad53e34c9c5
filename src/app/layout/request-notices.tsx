import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { type ApprovalRequest, approvalQueries, type TeamRequest } from '../../api/approvals';
import { session } from '../../api/credentials';
import { APPROVAL_STATUS_WORDS, type ApprovalStatus, isInMotion } from '../../lib/approval-rules';
import { formatCents } from '../../lib/money';
import { can } from '../../lib/roles';
import { TEAM_CHANGE_OUTCOMES, type TeamRequestStatus } from '../../lib/team-changes';

/** While one of the member's requests waits or is paid, the list is read this often; else once in a while. */
const FOLLOW_MS = 5000;
const IDLE_MS = 60_000;

const TONE: Partial<Record<ApprovalStatus, string>> = {
  executed: 'teal',
  'partly-executed': 'orange',
  failed: 'red',
  rejected: 'red',
  expired: 'gray',
  cancelled: 'gray',
};

/** A paid request's notice closes by itself (its page and the Approvals list keep the outcome); the rest wait. */
const PAID_NOTICE_MS = 30_000;

function tell(request: ApprovalRequest) {
  const transfer = request.result?.rows?.find((row) => row.transfer_id)?.transfer_id;
  notifications.show({
    color: TONE[request.status] ?? 'blue',
    autoClose: request.status === 'executed' ? PAID_NOTICE_MS : false,
    title: `Your request for ${formatCents(request.amount)}: ${APPROVAL_STATUS_WORDS[request.status].toLowerCase()}`,
    message: (
      <Stack gap={2}>
        {request.status === 'rejected' && request.result?.reason && (
          <Text size="sm">{`Reason: ${request.result.reason}`}</Text>
        )}
        {request.count === 1 && transfer && (
          <Anchor component={Link} to={`/transfers/${transfer}`} size="sm">
            See the transfer
          </Anchor>
        )}
        <Anchor component={Link} to={`/approvals/${request.id}`} size="sm">
          See the request
        </Anchor>
      </Stack>
    ),
  });
}

const TEAM_TONE: Partial<Record<TeamRequestStatus, string>> = {
  applied: 'teal',
  rejected: 'red',
  void: 'red',
  expired: 'gray',
};

/** An admin's change of the team that another admin decided (or that expired): what became of it, and why. */
function tellTeamChange(change: TeamRequest) {
  notifications.show({
    color: TEAM_TONE[change.status] ?? 'blue',
    autoClose: false,
    title: `Your team change: ${TEAM_CHANGE_OUTCOMES[change.status].toLowerCase()}`,
    message: (
      <Stack gap={2}>
        <Text size="sm">{change.description}</Text>
        {change.reason && <Text size="sm">{`Reason: ${change.reason}`}</Text>}
        <Anchor component={Link} to="/approvals" size="sm">
          See the team changes
        </Anchor>
      </Stack>
    ),
  });
}

/** Whether a team request still waits: one that ends (but not by its own proposer's withdrawal) is news to them. */
const teamNews = (was: TeamRequestStatus | undefined, now: TeamRequestStatus) =>
  was === 'pending' && now !== 'pending' && now !== 'withdrawn';

/**
 * The maker learns how their request ended, on whatever page they are: while the stream of changes is live, the
 * requests are read again when one changes (api/live-changes.ts); without it, every few seconds while one of theirs is
 * waiting or being paid, and once a minute otherwise. A request of theirs that ended since the last read is announced.
 */
export function useMyRequestNotices(live = false): void {
  const member = session.credentials()?.member;
  const mayPay = member !== undefined && can(member.role, 'pay');
  const mineOf = (requests: readonly ApprovalRequest[] = []) =>
    requests.filter((r) => r.maker_id === member?.id);
  const myChangesOf = (changes: readonly TeamRequest[] = []) =>
    changes.filter((change) => change.proposer?.id === member?.id);
  const list = useQuery({
    ...approvalQueries.list(),
    enabled: mayPay,
    refetchInterval: (query) => {
      // A team change is not among the streamed changes: followed by reading while one of the member's waits.
      if (myChangesOf(query.state.data?.team_requests).some((change) => change.status === 'pending'))
        return FOLLOW_MS;
      if (live) return false;
      return mineOf(query.state.data?.data).some((r) => isInMotion(r.status)) ? FOLLOW_MS : IDLE_MS;
    },
  });
  const seen = useRef<Map<string, ApprovalStatus> | null>(null);
  const seenChanges = useRef<Map<string, TeamRequestStatus> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is what is compared
  useEffect(() => {
    if (!list.data) return;
    const mine = mineOf(list.data.data);
    const before = seen.current;
    if (before) {
      for (const request of mine) {
        const was = before.get(request.id);
        if (was && isInMotion(was) && !isInMotion(request.status) && request.status !== 'withdrawn')
          tell(request);
      }
    }
    seen.current = new Map(mine.map((r) => [r.id, r.status]));
    const changes = myChangesOf(list.data.team_requests);
    const changesBefore = seenChanges.current;
    if (changesBefore) {
      for (const change of changes) {
        if (teamNews(changesBefore.get(change.id), change.status)) tellTeamChange(change);
      }
    }
    seenChanges.current = new Map(changes.map((change) => [change.id, change.status]));
  }, [list.data]);
}
