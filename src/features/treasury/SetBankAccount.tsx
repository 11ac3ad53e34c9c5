import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApprovalPolicy } from '../../api/approvals';
import { ApiError } from '../../api/client';
import { setAchAccount, submitMoveForApproval } from '../../api/ledger';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Select } from '../../components/Select';
import { achAccountSchema } from '../../lib/requests/wallets';

const FIELDS = ['account_number', 'routing_number', 'account_type'] as const;
type Field = (typeof FIELDS)[number];

/**
 * An app without a bank account gets one here: where its deposits come from and its withdrawals go. With approvals on
 * (or the member held after a reset) the server makes it wait for another finance or admin member, so the form says so
 * up front and submits it for approval; each bad field is named at the field, and nothing typed is lost.
 */
export function SetBankAccount({ app }: { app: { id: string; name: string } }) {
  const queryClient = useQueryClient();
  const policy = useApprovalPolicy();
  const [values, setValues] = useState<Record<Field, string>>({
    account_number: '',
    routing_number: '',
    account_type: 'checking',
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const waits = Boolean(policy?.enabled);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    const parsed = achAccountSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      return setProblems(found);
    }
    setSending(true);
    setError(null);
    const forApproval = async () =>
      setWaiting(
        (await submitMoveForApproval({ move: 'ach-account', body: parsed.data, app_id: app.id })).id,
      );
    try {
      if (waits) await forApproval();
      else {
        try {
          await setAchAccount(app.id, parsed.data);
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
      if (failed instanceof ApiError) setProblems(failed.fieldErrors as Partial<Record<Field, string>>);
      setError(failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="xs" role="group" aria-label={`Bank account of ${app.name}`}>
      <Text c="dimmed">No bank account: deposits come from it and withdrawals go to it.</Text>
      <TextInput
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        value={values.account_number}
        error={problems.account_number}
        onChange={(event) => change('account_number', event.currentTarget.value)}
      />
      <TextInput
        label="Routing number"
        inputMode="numeric"
        autoComplete="off"
        value={values.routing_number}
        error={problems.routing_number}
        onChange={(event) => change('routing_number', event.currentTarget.value)}
      />
      <Select
        label="Account type"
        data={[
          { value: 'checking', label: 'Checking' },
          { value: 'savings', label: 'Savings' },
        ]}
        value={values.account_type}
        error={problems.account_type}
        onChange={(value) => change('account_type', value ?? '')}
      />
      {waits && (
        <Text size="sm">
          Where an app&apos;s withdrawals go is a grant of power: another finance or admin member confirms it.
        </Text>
      )}
      <Button onClick={submit} loading={sending} disabled={waiting !== null}>
        {waits ? 'Submit bank account for approval' : 'Set bank account'}
      </Button>
      {error !== null && <ApiErrorAlert error={error} title="The bank account was not set" />}
      {waiting && (
        <Text role="status">
          {'Submitted for approval: '}
          <Link href={`/approvals/${waiting}`}>Open request</Link>
        </Text>
      )}
    </Stack>
  );
}
