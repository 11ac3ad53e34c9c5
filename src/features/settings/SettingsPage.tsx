import '@mantine/core/styles/Checkbox.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { approvalQueries, useChangePolicy, useConfirmPolicy } from '../../api/approvals';
import { ApiError } from '../../api/client';
import { session } from '../../api/credentials';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Select } from '../../components/Select';
import { centsToDecimal, formatCents, parseDollars } from '../../lib/money';

/** The organization's settings (admins): the approval policy, changed by one admin and confirmed by another. */
export function SettingsPage() {
  const state = useQuery(approvalQueries.policy());
  const change = useChangePolicy();
  const confirm = useConfirmPolicy();
  const [enabled, setEnabled] = useState(false);
  const [limit, setLimit] = useState('');
  const [needed, setNeeded] = useState<'1' | '2'>('1');
  const [limitError, setLimitError] = useState<string | null>(null);
  const me = session.credentials()?.member?.id;
  const policy = state.data?.policy;
  useEffect(() => {
    if (!policy) return;
    setEnabled(policy.enabled);
    setLimit(centsToDecimal(policy.limitCents));
    setNeeded(String(policy.approvalsNeeded) as '1' | '2');
  }, [policy]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDollars(limit);
    if (!parsed.ok) {
      setLimitError(parsed.problem);
      return;
    }
    setLimitError(null);
    change.mutate({ enabled, limit_cents: parsed.cents, approvals_needed: needed === '2' ? 2 : 1 });
  };
  const serverField = change.error instanceof ApiError ? change.error.fieldErrors.enabled : undefined;
  const proposal = state.data?.proposal;

  return (
    <Stack maw={720}>
      <Title order={1}>Settings</Title>
      {state.isError && <ApiErrorAlert error={state.error} />}
      {state.isPending && <Skeleton height={200} />}
      {state.data && (
        <>
          {state.data.approvers < 2 && (
            <Alert color="yellow" title="Approvals cannot be switched on yet">
              Fewer than two members can approve (finance or admin). Invite another before switching approvals
              on.
            </Alert>
          )}
          {proposal && (
            <Alert color="blue" title="A change waits for a second admin" role="status">
              <Stack gap="xs">
                <Text size="sm">
                  {`Approvals ${proposal.enabled ? 'on' : 'off'}, above ${formatCents(proposal.limitCents)}, ${proposal.approvalsNeeded} approval(s) needed.`}
                </Text>
                {proposal.proposedBy === me ? (
                  <Text size="sm">You proposed it: another admin confirms it.</Text>
                ) : (
                  <Group>
                    <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
                      Confirm change
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          {confirm.error && <ApiErrorAlert error={confirm.error} />}
          {change.isSuccess && (
            <Alert color="green.9" role="status">
              {change.data.kind === 'proposed'
                ? 'Proposed: the change applies when another admin confirms it.'
                : 'Saved: the new policy applies now.'}
            </Alert>
          )}
          {change.error && !serverField && <ApiErrorAlert error={change.error} />}
          <Text size="sm" c="dimmed">
            {(state.data.admins ?? 1) >= 2
              ? 'A change you save waits until another admin confirms it.'
              : 'You are the only admin: a change applies as soon as you save it.'}
          </Text>
          <Paper withBorder p="md" component="form" onSubmit={save} noValidate aria-label="Approval policy">
            <Stack>
              <Title order={2} size="h4">
                Approval policy
              </Title>
              <Checkbox
                label="Payments above the limit need approval"
                checked={enabled}
                onChange={(event) => setEnabled(event.currentTarget.checked)}
                error={serverField}
              />
              <TextInput
                label="Approval required above"
                description="In dollars: a payment's amount, a payments file's total"
                value={limit}
                onChange={(event) => setLimit(event.currentTarget.value)}
                error={limitError}
                required
              />
              <Select
                label="Approvals needed"
                data={['1', '2']}
                value={needed}
                allowDeselect={false}
                onChange={(value) => setNeeded(value === '2' ? '2' : '1')}
              />
              <Group>
                <Button type="submit" loading={change.isPending}>
                  Save policy
                </Button>
              </Group>
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
