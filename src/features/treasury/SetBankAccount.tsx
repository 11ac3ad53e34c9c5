import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useApprovalPolicy, useSubmitForApproval } from '../../api/approvals';
import { ApiError } from '../../api/client';
import { setAchAccount } from '../../api/ledger';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { placeFieldErrors } from '../../components/place-field-errors';
import { Select } from '../../components/Select';
import { SubmittedForApproval } from '../../components/SubmittedForApproval';
import { type AchAccountRequest, achAccountSchema } from '../../lib/requests/wallets';

const FIELDS = ['account_number', 'routing_number', 'account_type'] as const;
type Field = (typeof FIELDS)[number];

/** A refusal's path as the form's field: the service names it bare, the approval request under `body.`. */
function fieldOf(path: string): Field | undefined {
  const field = path.replace(/^body\./, '');
  return (FIELDS as readonly string[]).includes(field) ? (field as Field) : undefined;
}

/**
 * An app without a bank account gets one here: where its deposits come from and its withdrawals go. With approvals on
 * (or the member held after a reset) the server makes it wait for another finance or admin member, so the form says so
 * up front and submits it for approval; each bad field is named at the field, and nothing typed is lost.
 */
export function SetBankAccount({ app }: { app: { id: string; name: string } }) {
  const queryClient = useQueryClient();
  const policy = useApprovalPolicy();
  const form = useForm<AchAccountRequest>({
    resolver: zodResolver(achAccountSchema),
    defaultValues: { account_number: '', routing_number: '', account_type: 'checking' },
  });
  const { errors } = form.formState;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submitApproval = useSubmitForApproval('ach-account');
  const waiting = submitApproval.data?.id ?? null;
  const waits = Boolean(policy?.enabled);

  const submit = form.handleSubmit(async (account) => {
    setSending(true);
    setError(null);
    const forApproval = () => submitApproval.mutateAsync({ body: account, app_id: app.id });
    try {
      if (waits) await forApproval();
      else {
        try {
          await setAchAccount(app.id, account);
        } catch (refused) {
          // The server is the rule (a member held after a reset): refused as a grant of power, it waits for approval.
          if (!(refused instanceof ApiError) || refused.code !== 'approval-required') throw refused;
          await forApproval();
          return;
        }
        await queryClient.invalidateQueries({ queryKey: ['wallets'] });
        await queryClient.invalidateQueries({ queryKey: ['apps', app.id, 'ach-account'] });
      }
    } catch (failed) {
      placeFieldErrors(failed, form.setError, fieldOf);
      setError(failed);
    } finally {
      setSending(false);
    }
  });

  return (
    <Stack gap="xs" role="group" aria-label={`Bank account of ${app.name}`}>
      <Text c="dimmed">No bank account: deposits come from it and withdrawals go to it.</Text>
      <TextInput
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        {...form.register('account_number')}
        error={errors.account_number?.message}
      />
      <TextInput
        label="Routing number"
        inputMode="numeric"
        autoComplete="off"
        {...form.register('routing_number')}
        error={errors.routing_number?.message}
      />
      <Controller
        control={form.control}
        name="account_type"
        render={({ field }) => (
          <Select
            label="Account type"
            data={[
              { value: 'checking', label: 'Checking' },
              { value: 'savings', label: 'Savings' },
            ]}
            value={field.value}
            error={errors.account_type?.message}
            onChange={(value) => field.onChange((value ?? '') as AchAccountRequest['account_type'])}
          />
        )}
      />
      {waits && (
        <Text size="sm">
          Where an app&apos;s withdrawals go is a grant of power: another finance or admin member confirms it.
        </Text>
      )}
      <Button onClick={() => void submit()} loading={sending} disabled={waiting !== null}>
        {waits ? 'Submit bank account for approval' : 'Set bank account'}
      </Button>
      {error !== null && <ApiErrorAlert error={error} title="The bank account was not set" />}
      {waiting && <SubmittedForApproval requestId={waiting} />}
    </Stack>
  );
}
