import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, MultiSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { type PolicyOutcome, useCreatePolicy } from '../../api/ap-policies';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Select } from '../../components/Select';
import type { ApUserLike } from '../../lib/ap-approvers';
import type { AmountComparator } from '../../lib/requests/accounts-payable';
import type { z } from '../../lib/zod';
import { EMPTY_POLICY, type PolicyFormValues, policyFormSchema } from './policy-form';

const COMPARATORS: { value: AmountComparator; label: string }[] = [
  { value: '>=', label: 'at least (≥)' },
  { value: '<=', label: 'at most (≤)' },
  { value: '==', label: 'exactly (=)' },
];

type Option = { value: string; label: string };

/** A new policy: amount conditions and a vendor that must all hold, and steps of approvers picked by name. */
export function NewPolicyForm({
  vendors,
  approvers,
  apUsers,
  onOutcome,
}: {
  vendors: readonly Option[];
  approvers: readonly Option[];
  /** Every AP user with their role, so that a step no one could complete is said before it is sent. */
  apUsers: readonly ApUserLike[];
  onOutcome: (outcome: PolicyOutcome) => void;
}) {
  const create = useCreatePolicy();
  const schema = useMemo(() => policyFormSchema(apUsers), [apUsers]);
  const form = useForm<PolicyFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_POLICY,
  });
  const { errors } = form.formState;
  const amounts = useFieldArray({ control: form.control, name: 'amounts' });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (outcome) => {
        form.reset(EMPTY_POLICY);
        onOutcome(outcome);
      },
    }),
  );
  const conditionsProblem = (errors.root as { conditions?: { message?: string } } | undefined)?.conditions
    ?.message;
  const stepsProblem = errors.steps?.root?.message ?? errors.steps?.message;
  return (
    <form onSubmit={submit} noValidate aria-label="New approval policy">
      <Stack gap="sm" maw={720}>
        <Title order={2} size="h4">
          New approval policy
        </Title>
        <Text size="sm" c="dimmed">
          It is tried last; move it up once it is made. All its conditions must hold for a bill to follow it.
        </Text>
        {create.isError && <ApiErrorAlert error={create.error} title="The policy was not created" />}
        {conditionsProblem && (
          <Text c="red.8" size="sm">
            {conditionsProblem}
          </Text>
        )}
        {amounts.fields.map((amount, index) => {
          const n = index + 1;
          return (
            <Group key={amount.id} align="flex-end">
              <Controller
                control={form.control}
                name={`amounts.${index}.comparator`}
                render={({ field }) => (
                  <Select
                    label={`Amount condition ${n}`}
                    data={COMPARATORS}
                    allowDeselect={false}
                    value={field.value}
                    onChange={(value) => field.onChange((value ?? '>=') as AmountComparator)}
                    w={180}
                  />
                )}
              />
              <TextInput
                label={`Amount ${n} (USD)`}
                inputMode="decimal"
                {...form.register(`amounts.${index}.dollars`)}
                error={errors.amounts?.[index]?.dollars?.message}
              />
              <Button variant="default" onClick={() => amounts.remove(index)}>
                Remove amount condition {n}
              </Button>
            </Group>
          );
        })}
        <Group>
          <Button variant="default" onClick={() => amounts.append({ comparator: '<=', dollars: '' })}>
            Add an amount condition
          </Button>
        </Group>
        <Controller
          control={form.control}
          name="vendorId"
          render={({ field }) => (
            <Select
              label="Vendor"
              description="Optional: only this vendor's bills"
              placeholder="Any vendor"
              data={vendors}
              searchable
              clearable
              value={field.value}
              onChange={field.onChange}
              maw={420}
            />
          )}
        />
        {steps.fields.map((step, index) => {
          const n = index + 1;
          return (
            <Paper key={step.id} withBorder p="sm">
              <Stack gap="xs">
                <Text fw={500}>Step {n}</Text>
                <Controller
                  control={form.control}
                  name={`steps.${index}.approvers`}
                  render={({ field, fieldState }) => (
                    <MultiSelect
                      label={`Approvers of step ${n}`}
                      description="Only admins and approvers approve bills; a bill's maker never approves it"
                      data={approvers}
                      searchable
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <TextInput
                  label={`Approvals required in step ${n}`}
                  inputMode="numeric"
                  {...form.register(`steps.${index}.required`)}
                  error={errors.steps?.[index]?.required?.message}
                  maw={240}
                />
                {steps.fields.length > 1 && (
                  <Group>
                    <Button variant="default" onClick={() => steps.remove(index)}>
                      Remove step {n}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          );
        })}
        {stepsProblem && (
          <Text c="red.8" size="sm">
            {stepsProblem}
          </Text>
        )}
        <Group>
          <Button variant="default" onClick={() => steps.append({ approvers: [], required: '1' })}>
            Add a step
          </Button>
        </Group>
        <TextInput label="Description" description="Optional" {...form.register('description')} maw={480} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create policy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
