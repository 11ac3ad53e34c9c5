import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { type ApprovalRequest, useDecideApproval } from '../../../api/approvals';
import { session } from '../../../api/credentials';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { formatCents } from '../../../lib/money';
import { makerRejectionBody } from '../../../lib/requests/team-decisions';

/** What the approve button says: exactly what moves. */
function approveLabel(request: ApprovalRequest): string {
  const what = request.kind === 'payout-batch' ? 'payouts' : 'payments';
  return request.count > 1
    ? `Approve and pay ${request.count.toLocaleString('en-US')} ${what}, ${formatCents(request.amount)}`
    : `Approve and pay ${formatCents(request.amount)}`;
}

/** Approve (named by the amount), or reject with a reason for the maker; the maker withdraws instead. */
export function Decision({ request }: { request: ApprovalRequest }) {
  const decide = useDecideApproval();
  // The reason, by the rule the console server reads; what was typed stays through a refusal.
  const reasonForm = useForm({ resolver: zodResolver(makerRejectionBody), defaultValues: { reason: '' } });
  const reject = reasonForm.handleSubmit(({ reason }) =>
    decide.mutate({ id: request.id, decision: 'reject', reason }),
  );
  const mine = request.maker_id === session.credentials()?.member?.id;
  if (request.status !== 'pending') return decide.error ? <ApiErrorAlert error={decide.error} /> : null;
  if (mine) {
    return (
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm">
            You prepared this request: another member approves it. You can withdraw it while it waits.
          </Text>
          {decide.error && <ApiErrorAlert error={decide.error} title="It was not withdrawn" />}
          <Group>
            <Button
              variant="default"
              loading={decide.isPending}
              onClick={() => decide.mutate({ id: request.id, decision: 'withdraw' })}
            >
              Withdraw request
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md" component="section" aria-label="Your decision">
      <Stack>
        {decide.error && <ApiErrorAlert error={decide.error} title="The decision was refused" />}
        <Group>
          <Button
            onClick={() => decide.mutate({ id: request.id, decision: 'approve' })}
            loading={decide.isPending}
          >
            {approveLabel(request)}
          </Button>
          <Button variant="default" loading={decide.isPending} onClick={() => void reject()}>
            Reject
          </Button>
        </Group>
        <Textarea
          label="Reason for rejecting"
          description="Needed to reject; shown to the maker"
          {...reasonForm.register('reason')}
          error={reasonForm.formState.errors.reason?.message}
          maxLength={500}
        />
      </Stack>
    </Paper>
  );
}
