import { Anchor, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../api/client';
import { type NewPaymentCustomer, useCreatePaymentCustomer } from '../../api/onboarding';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { COUNTRY_CODE_HINT, phoneDigits } from '../../lib/phone';
import { createPaymentCustomerSchema } from '../../lib/requests/onboarding';

/** Finance adds a payer: a person (first and last name) or a business (its name), as the vendor's `oneOf` says. */
export function NewPaymentCustomerPage() {
  const create = useCreatePaymentCustomer();
  const [kind, setKind] = useState('person');
  const [values, setValues] = useState<Record<string, string>>({ country_code: '1' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: string) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [name]: event.currentTarget.value });
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[name] ?? ''}
      onChange={set(name)}
      error={errors[name]}
      {...extra}
    />
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const phone = (values.phone_number ?? '').replace(/\D/g, '');
    const body: NewPaymentCustomer = {
      ...(kind === 'person'
        ? { first_name: values.first_name?.trim() ?? '', last_name: values.last_name?.trim() ?? '' }
        : { business_name: values.business_name?.trim() ?? '' }),
      email: values.email?.trim() ?? '',
      ...(phone ? { country_code: phoneDigits(values.country_code ?? ''), phone_number: phone } : {}),
    };
    const missing: Record<string, string> = {};
    if (kind === 'person' && !body.first_name) missing.first_name = 'Enter the first name';
    if (kind === 'person' && !body.last_name) missing.last_name = 'Enter the last name';
    if (kind === 'business' && !body.business_name) missing.business_name = 'Enter the business name';
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    const parsed = createPaymentCustomerSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
      return;
    }
    setErrors({});
    create.mutate(body, {
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors);
      },
    });
  };
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
            <Radio.Group label="The customer is" value={kind} onChange={setKind}>
              <Group mt="xs">
                <Radio value="person" label="A person" />
                <Radio value="business" label="A business" />
              </Group>
            </Radio.Group>
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
