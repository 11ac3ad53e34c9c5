import { Anchor, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { PolicyOutcome } from '../../api/ap-policies';
import { Notice } from '../../components/Notice';

/** What a change of the policies or a link became: made, or waiting for another admin (linked to Approvals). */
export function OutcomeNotice({ outcome, done }: { outcome: PolicyOutcome | null; done: string }) {
  if (!outcome) return null;
  if (outcome.kind === 'done') {
    return (
      <Notice tone="success" role="status" title="Done">
        {done}
      </Notice>
    );
  }
  return (
    <Notice tone="info" role="status" title="Waiting for another admin">
      <Text size="sm">
        {outcome.request.description}: with two admins or more, another admin confirms it first.{' '}
        <Anchor component={Link} to="/approvals" c="inherit" underline="always">
          See it in Approvals
        </Anchor>
      </Text>
    </Notice>
  );
}
