import '@mantine/core/styles/Checkbox.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
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
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { type ApprovalPolicy, approvalQueries, useChangePolicy } from '../../api/approvals';
import { ApiError } from '../../api/client';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { placeFieldErrors } from '../../components/place-field-errors';
import { Select } from '../../components/Select';
import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import type { z } from '../../lib/zod';
import { type PolicyFormValues, policyField, policyFormSchema, policyFormValues } from './policy-form';

/** The policy in a sentence: "On above $1,000.00, 1 approval; $5,000.00 a day per member." */
function policyInWords(policy: ApprovalPolicy): string {
  if (!policy.enabled) return 'Off: every payment moves on one member’s confirmation.';
  const set = policy.memberDailyLimitCents;
  const daily =
    set === null || set === undefined
      ? `${formatCents(policy.limitCents)} moved alone in 24 hours (no daily limit is set: the approval limit is the daily limit)`
      : `${formatCents(set)} moved alone in 24 hours`;
  return `On: above ${formatCents(policy.limitCents)} a payment (or a file’s total) needs ${policy.approvalsNeeded} approval${policy.approvalsNeeded === 1 ? '' : 's'} from another member; so does what would take a member past ${daily}.`;
}

/** The organization's settings (admins): the approval policy; with two admins a change waits for the other. */
export function SettingsPage() {
  const state = useQuery(approvalQueries.policy());
  const change = useChangePolicy();
  const form = useForm<PolicyFormValues, unknown, z.output<typeof policyFormSchema>>({
    resolver: zodResolver(policyFormSchema),
    defaultValues: { enabled: false, limit: '', daily: '', needed: '1' },
  });
  const { errors } = form.formState;
  const policy = state.data?.policy;
  useEffect(() => {
    if (policy) form.reset(policyFormValues(policy));
  }, [policy, form]);

  const save = form.handleSubmit((body) =>
    change.mutate(body, { onError: (error) => placeFieldErrors(error, form.setError, policyField) }),
  );
  const placed =
    change.error instanceof ApiError &&
    Object.keys(change.error.fieldErrors).some((path) => policyField(path));
  const proposal = state.data?.proposal;
  const admins = state.data?.admins ?? 1;

  return (
    <Stack maw={720}>
      <Title order={1}>Settings</Title>
      {state.isError && <ApiErrorAlert error={state.error} />}
      {state.isPending && <Skeleton height={200} />}
      {state.data && policy && (
        <>
          <Text>{policyInWords(policy)}</Text>
          {state.data.approvers < 2 && (
            <Notice tone="warning" title="Approvals cannot be switched on yet">
              Fewer than two members can approve (finance or admin). Invite another before switching approvals
              on.
            </Notice>
          )}
          {proposal && (
            <Notice tone="info" title="A change waits for another admin" role="status">
              <Text size="sm">
                {`${proposal.proposer?.name ?? 'An admin'} asked on ${formatDateTime(proposal.created_at)}. Another admin confirms or rejects it on the `}
                <Anchor component={Link} href="/approvals" c="inherit" underline="always">
                  Approvals
                </Anchor>{' '}
                page.
              </Text>
            </Notice>
          )}
          {change.isSuccess && (
            <Notice tone="success" role="status" title={change.data.kind === 'waiting' ? 'Asked' : 'Saved'}>
              {change.data.kind === 'waiting'
                ? 'The change applies when another admin confirms it on the Approvals page.'
                : 'The new policy applies now.'}
            </Notice>
          )}
          {change.error && !placed && <ApiErrorAlert error={change.error} />}
          <Text size="sm" c="dimmed">
            {admins >= 2
              ? 'A change you save waits until another admin confirms it.'
              : 'You are the only admin: a change applies as soon as you save it; a second admin makes changes wait for their confirmation. Above the limit no one pays alone, you included: an approver whose one-time link was shown to you (no mail) does not count for your payments, nor you for theirs.'}
          </Text>
          <Paper withBorder p="md" component="form" onSubmit={save} noValidate aria-label="Approval policy">
            <Stack>
              <Title order={2} size="h4">
                Approval policy
              </Title>
              <Controller
                control={form.control}
                name="enabled"
                render={({ field, fieldState }) => (
                  <Checkbox
                    label="Payments above the limit need approval"
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <TextInput
                label="Approval required above"
                description="In dollars: a payment's amount, a payments file's total"
                leftSection="$"
                {...form.register('limit')}
                error={errors.limit?.message}
                required
              />
              <TextInput
                label="Daily limit per member"
                description="In dollars: what one member may move alone in 24 hours; above it, another member approves. Empty: the approval limit above is the daily limit"
                leftSection="$"
                {...form.register('daily')}
                error={errors.daily?.message}
              />
              <Controller
                control={form.control}
                name="needed"
                render={({ field, fieldState }) => (
                  <Select
                    label="Approvals needed"
                    data={['1', '2']}
                    value={field.value}
                    allowDeselect={false}
                    onChange={(value) => field.onChange(value === '2' ? '2' : '1')}
                    error={fieldState.error?.message}
                  />
                )}
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
