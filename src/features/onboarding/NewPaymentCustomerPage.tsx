import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { useCreatePaymentCustomer } from '../../api/onboarding';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { placeFieldErrors } from '../../components/place-field-errors';
import { COUNTRY_CODE_HINT } from '../../lib/phone';
import type { z } from '../../lib/zod';
import {
  type PaymentCustomerFormValues,
  paymentCustomerField,
  paymentCustomerFormSchema,
} from './new-payment-customer-form';

/** Finance adds a payer: a person (first and last name) or a business (its name), as the vendor's `oneOf` says. */
export function NewPaymentCustomerPage() {
  const create = useCreatePaymentCustomer();
  const form = useForm<PaymentCustomerFormValues, unknown, z.output<typeof paymentCustomerFormSchema>>({
    resolver: zodResolver(paymentCustomerFormSchema),
    defaultValues: {
      kind: 'person',
      first_name: '',
      last_name: '',
      business_name: '',
      email: '',
      country_code: '1',
      phone_number: '',
    },
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const field = (name: Exclude<keyof PaymentCustomerFormValues, 'kind'>, label: string, extra = {}) => (
    <TextInput label={label} {...form.register(name)} error={errors[name]?.message} {...extra} />
  );
  const submit = form.handleSubmit((customer) =>
    create.mutate(customer, {
      onError: (error) => placeFieldErrors(error, form.setError, paymentCustomerField),
    }),
  );
  const made = create.data;
  return (
    <Stack maw={720}>
      <Title order={1}>New payment customer</Title>
      {made && (
        <Notice tone="success" role="status" title="Payment customer created">
          <Text size="sm">
            {made.business_name ?? `${made.first_name ?? ''} ${made.last_name ?? ''}`.trim()} ({made.email}).{' '}
            <Anchor component={Link} to={`/payments/new?customer_id=${made.id}`}>
              Create a payment from them
            </Anchor>
          </Text>
        </Notice>
      )}
      {create.isError && <ApiErrorAlert error={create.error} title="The payment customer was not created" />}
      <form noValidate onSubmit={submit}>
        <Paper withBorder p="md">
          <Stack>
            <Controller
              control={form.control}
              name="kind"
              render={({ field: kindField }) => (
                <Radio.Group label="The customer is" value={kindField.value} onChange={kindField.onChange}>
                  <Group mt="xs">
                    <Radio value="person" label="A person" />
                    <Radio value="business" label="A business" />
                  </Group>
                </Radio.Group>
              )}
            />
            {kind === 'person' ? (
              <Group grow align="flex-start">
                {field('first_name', 'First name', { required: true })}
                {field('last_name', 'Last name', { required: true })}
              </Group>
            ) : (
              field('business_name', 'Business name', { required: true })
            )}
            {field('email', 'Email', { type: 'email', required: true })}
            <Group grow align="flex-start">
              {field('country_code', 'Country code', {
                inputMode: 'numeric',
                description: COUNTRY_CODE_HINT,
              })}
              {field('phone_number', 'Phone number', { inputMode: 'tel', description: 'Optional' })}
            </Group>
            {errors.root?.message && (
              <Text c="red.8" size="sm" role="alert">
                {errors.root.message}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={create.isPending}>
                Create payment customer
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
