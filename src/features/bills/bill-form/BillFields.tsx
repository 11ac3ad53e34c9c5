import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SegmentedControl.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Controller } from 'react-hook-form';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { Select } from '../../../components/Select';
import { formatCents } from '../../../lib/money';
import { countOf } from '../../../lib/words';
import type { BillFormValues } from './bill-form-schema';
import { DraftItems } from './DraftItems';
import type { BillForm } from './use-bill-form';

/** The bill's fields, each rule said at its field, and its buttons: create, or save the draft (and submit it). */
export function BillFields({ bill }: { bill: BillForm }) {
  const { form, items, duplicates, billId } = bill;
  const { errors } = form.formState;
  const itemsTotal = items.reduce((sum, item) => sum + item.amount, 0);
  return (
    <Stack miw={300} style={{ flex: 1 }} ref={bill.fieldsRef}>
      <Controller
        control={form.control}
        name="vendor"
        render={({ field }) => (
          <Select
            label="Vendor"
            searchable
            data={bill.vendors.map((v) => ({ value: v.id, label: v.name }))}
            value={field.value}
            onChange={(vendor) => {
              field.onChange(vendor);
              form.setValue('method', null);
            }}
            error={errors.vendor?.message}
            required
          />
        )}
      />
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <Select
            label="Pay to"
            data={bill.methods.map((m) => ({
              value: m.id,
              label: `${m.name ?? 'Account'} •••• ${m.mask ?? '????'}`,
            }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.method?.message}
            disabled={!form.watch('vendor')}
            required
          />
        )}
      />
      <TextInput
        label="Invoice number"
        {...form.register('number')}
        error={errors.number?.message}
        required
      />
      <TextInput
        label="Amount"
        description={
          items.length > 0
            ? `${countOf(items.length, 'item')} adding up to ${formatCents(itemsTotal)}; another amount replaces them`
            : 'In dollars, like 1,250.00'
        }
        {...form.register('amount')}
        error={errors.amount?.message}
        required
      />
      {items.length > 0 && <DraftItems items={items} />}
      <Stack gap={4}>
        <Text fw={500} size="sm" id="funding-label">
          Funding
        </Text>
        <Controller
          control={form.control}
          name="funding"
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby="funding-label"
              value={field.value}
              onChange={(funding) => field.onChange(funding as BillFormValues['funding'])}
              data={[
                { value: 'dots_balance', label: "The app's wallet" },
                { value: 'ach', label: 'ACH from the bank' },
              ]}
            />
          )}
        />
      </Stack>
      <Textarea label="Description" {...form.register('description')} error={errors.description?.message} />
      {duplicates.length > 0 && (
        <Alert color="yellow" title="This may be an invoice you have already">
          <Stack gap={4}>
            {duplicates.map(({ other, why }) => (
              <Text key={other.id} size="sm">
                Bill {other.number} of {formatCents(other.amount)} ({other.status.replaceAll('_', ' ')}) has
                the same {why === 'number' ? 'number' : 'amount, this month'}.
              </Text>
            ))}
            <Controller
              control={form.control}
              name="different"
              render={({ field }) => (
                <Checkbox
                  label="It is a different invoice"
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  error={errors.different?.message}
                />
              )}
            />
          </Stack>
        </Alert>
      )}
      {bill.saveError && <ApiErrorAlert error={bill.saveError} />}
      <Group>
        <Button onClick={() => bill.save()} loading={bill.saving}>
          {billId ? 'Save draft' : 'Create bill'}
        </Button>
        {billId && (
          <Button variant="light" onClick={() => bill.save('submit')} loading={bill.submitting}>
            Save and submit for approval
          </Button>
        )}
      </Group>
    </Stack>
  );
}
