import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { billQueries, type VendorMethod } from '../../api/accounts-payable';
import { ApiError } from '../../api/client';
import { useCan } from '../../api/permissions';
import {
  type MethodChange,
  type MethodOutcome,
  useAddVendorMethod,
  useDeleteVendorMethod,
  vendorQueries,
} from '../../api/vendors';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { Notice } from '../../components/Notice';
import { placeFieldErrors } from '../../components/place-field-errors';
import { Select } from '../../components/Select';
import { maskAccount } from '../../lib/mask';
import { toCreateVendorMethod, type VendorAccountFormValues, vendorAccountFormSchema } from './vendor-form';

const EMPTY: VendorAccountFormValues = {
  name: '',
  ach_account_number: '',
  confirm_account_number: '',
  ach_routing_number: '',
  ach_account_type: 'checking',
};

/** Where a change of bank details that waits is decided: its row on the Approvals page. */
export const changeLink = (change: MethodChange) => `/approvals#vendor-method-change-${change.id}`;

function Waiting({ change }: { change: MethodChange }) {
  return (
    <Text size="sm">
      {change.description}: waits for a second member (finance or admin).{' '}
      <Anchor component={Link} to={changeLink(change)} c="inherit" underline="always">
        See the request
      </Anchor>
    </Text>
  );
}

function AddAccountForm({
  vendorId,
  onOutcome,
}: {
  vendorId: string;
  onOutcome: (o: MethodOutcome) => void;
}) {
  const form = useForm<VendorAccountFormValues>({
    resolver: zodResolver(vendorAccountFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const add = useAddVendorMethod(vendorId);
  const submit = form.handleSubmit((values) =>
    add.mutate(toCreateVendorMethod(values), {
      onSuccess: (outcome) => {
        form.reset(EMPTY);
        onOutcome(outcome);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          placeFieldErrors(error, form.setError, (path) =>
            path in EMPTY ? (path as keyof VendorAccountFormValues) : undefined,
          );
        }
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Add a bank account">
      <Stack maw={560} gap="sm">
        <Title order={3} size="h5">
          Add a bank account
        </Title>
        {add.isError && <ApiErrorAlert error={add.error} title="The account was not added" />}
        <TextInput label="Account name" {...form.register('name')} error={errors.name?.message} />
        <TextInput
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          {...form.register('ach_account_number')}
          error={errors.ach_account_number?.message}
        />
        <TextInput
          label="Confirm account number"
          inputMode="numeric"
          autoComplete="off"
          {...form.register('confirm_account_number')}
          error={errors.confirm_account_number?.message}
        />
        <TextInput
          label="Routing number"
          inputMode="numeric"
          {...form.register('ach_routing_number')}
          error={errors.ach_routing_number?.message}
        />
        <Controller
          control={form.control}
          name="ach_account_type"
          render={({ field }) => (
            <Select
              label="Account type"
              data={[
                { value: 'checking', label: 'Checking' },
                { value: 'savings', label: 'Savings' },
              ]}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'checking')}
              error={errors.ach_account_type?.message}
            />
          )}
        />
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A vendor's bank accounts, masked: finance and admins add or remove one; with approvals on, the change waits for a
 * second member, and the page says so and links the request.
 */
export function VendorMethods({ vendorId }: { vendorId: string }) {
  const mayPay = useCan('pay');
  const methods = useQuery(billQueries.methods(vendorId));
  const changes = useQuery({ ...vendorQueries.changes(), enabled: mayPay });
  const remove = useDeleteVendorMethod(vendorId);
  const [removing, setRemoving] = useState<VendorMethod | null>(null);
  const [outcome, setOutcome] = useState<MethodOutcome | null>(null);
  // The change just made is said once, in its notice, not again in the list below it.
  const justMade = outcome?.kind === 'waiting' ? outcome.request.id : null;
  const waiting = (changes.data?.data ?? []).filter(
    (c) => c.vendor.id === vendorId && c.status === 'pending' && c.id !== justMade,
  );
  const rows = methods.data ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Bank accounts
      </Title>
      {outcome?.kind === 'waiting' && (
        <Notice tone="info" role="status" title="Waiting for a second member">
          <Waiting change={outcome.request} />
        </Notice>
      )}
      {outcome?.kind === 'done' && (
        <Notice tone="success" role="status" title="Done">
          The vendor's bank accounts are changed.
        </Notice>
      )}
      {methods.isError && <ApiErrorAlert error={methods.error} />}
      {remove.isError && <ApiErrorAlert error={remove.error} title="The account was not removed" />}
      {methods.data &&
        (rows.length === 0 ? (
          <Text>No bank account yet: a bill is paid to one.</Text>
        ) : (
          <DataTable
            label="Bank accounts"
            rows={rows}
            rowKey={(m) => m.id}
            minWidth={560}
            columns={[
              { header: 'Name', cell: (m) => m.name ?? '—' },
              { header: 'Account', cell: (m) => maskAccount(m.mask ?? '') },
              { header: 'Type', cell: (m) => m.ach_account_type ?? '—' },
              { header: 'Routing', cell: (m) => m.ach_routing_number ?? '—' },
              ...(mayPay
                ? [
                    {
                      header: 'Remove',
                      cell: (m: VendorMethod) => (
                        <Button size="xs" variant="default" onClick={() => setRemoving(m)}>
                          Remove {maskAccount(m.mask ?? '')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        ))}
      {waiting.length > 0 && (
        <Stack gap={4} role="group" aria-label="Changes waiting for a second member">
          <Text fw={500}>{justMade ? 'Other changes waiting' : 'Waiting for a second member'}</Text>
          {waiting.map((change) => (
            <Waiting key={change.id} change={change} />
          ))}
        </Stack>
      )}
      {mayPay && <AddAccountForm vendorId={vendorId} onOutcome={setOutcome} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this bank account?"
        confirmLabel={`Remove ${maskAccount(removing?.mask ?? '')}`}
        dismissLabel="Keep it"
        danger
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: (answer) => {
              setRemoving(null);
              setOutcome(answer);
            },
            onError: () => setRemoving(null),
          })
        }
      >
        {`Bills can no longer be paid to ${maskAccount(removing?.mask ?? '')}. With approvals on, a second member confirms the removal first.`}
      </ConfirmDialog>
    </Stack>
  );
}
