import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Button, Group, MultiSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type PolicyOutcome, useCreatePolicy } from '../../api/ap-policies';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Select } from '../../components/Select';
import type { ApUserLike } from '../../lib/ap-approvers';
import type { AmountComparator } from '../../lib/requests/accounts-payable';
import { EMPTY_POLICY, type PolicyFormValues, problemsOf, toCreatePolicy } from './policy-form';

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
  const [values, setValues] = useState<PolicyFormValues>(EMPTY_POLICY);
  const [tried, setTried] = useState(false);
  const create = useCreatePolicy();
  const problems = tried ? problemsOf(values, apUsers) : {};
  const set = (patch: Partial<PolicyFormValues>) => setValues({ ...values, ...patch });
  const setAmount = (index: number, patch: Partial<PolicyFormValues['amounts'][number]>) =>
    set({ amounts: values.amounts.map((a, i) => (i === index ? { ...a, ...patch } : a)) });
  const setStep = (index: number, patch: Partial<PolicyFormValues['steps'][number]>) =>
    set({ steps: values.steps.map((s, i) => (i === index ? { ...s, ...patch } : s)) });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problemsOf(values, apUsers)).length > 0) return;
    create.mutate(toCreatePolicy(values), {
      onSuccess: (outcome) => {
        setValues(EMPTY_POLICY);
        setTried(false);
        onOutcome(outcome);
      },
    });
  };
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
        {problems.conditions && (
          <Text c="red.8" size="sm">
            {problems.conditions}
          </Text>
        )}
        {values.amounts.map((amount, index) => {
          const n = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions are edited in place, by position
            <Group key={index} align="flex-end">
              <Select
                label={`Amount condition ${n}`}
                data={COMPARATORS}
                allowDeselect={false}
                value={amount.comparator}
                onChange={(value) => setAmount(index, { comparator: (value ?? '>=') as AmountComparator })}
                w={180}
              />
              <TextInput
                label={`Amount ${n} (USD)`}
                inputMode="decimal"
                value={amount.dollars}
                onChange={(event) => setAmount(index, { dollars: event.currentTarget.value })}
                error={problems[`amounts.${index}.dollars`]}
              />
              <Button
                variant="default"
                onClick={() => set({ amounts: values.amounts.filter((_, i) => i !== index) })}
              >
                Remove amount condition {n}
              </Button>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="default"
            onClick={() => set({ amounts: [...values.amounts, { comparator: '<=', dollars: '' }] })}
          >
            Add an amount condition
          </Button>
        </Group>
        <Select
          label="Vendor"
          description="Optional: only this vendor's bills"
          placeholder="Any vendor"
          data={vendors}
          searchable
          clearable
          value={values.vendorId}
          onChange={(vendorId) => set({ vendorId })}
          maw={420}
        />
        {values.steps.map((step, index) => {
          const n = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are edited in place, by position
            <Paper key={index} withBorder p="sm">
              <Stack gap="xs">
                <Text fw={500}>Step {n}</Text>
                <MultiSelect
                  label={`Approvers of step ${n}`}
                  description="Only admins and approvers approve bills; a bill's maker never approves it"
                  data={approvers}
                  searchable
                  value={step.approvers}
                  onChange={(picked) => setStep(index, { approvers: picked })}
                  error={problems[`steps.${index}.approvers`]}
                />
                <TextInput
                  label={`Approvals required in step ${n}`}
                  inputMode="numeric"
                  value={step.required}
                  onChange={(event) => setStep(index, { required: event.currentTarget.value })}
                  error={problems[`steps.${index}.required`]}
                  maw={240}
                />
                {values.steps.length > 1 && (
                  <Group>
                    <Button
                      variant="default"
                      onClick={() => set({ steps: values.steps.filter((_, i) => i !== index) })}
                    >
                      Remove step {n}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          );
        })}
        {problems.steps && (
          <Text c="red.8" size="sm">
            {problems.steps}
          </Text>
        )}
        <Group>
          <Button
            variant="default"
            onClick={() => set({ steps: [...values.steps, { approvers: [], required: '1' }] })}
          >
            Add a step
          </Button>
        </Group>
        <TextInput
          label="Description"
          description="Optional"
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          maw={480}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create policy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
