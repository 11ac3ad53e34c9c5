import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../api/client';
import { useSubmitTaxForm } from '../../../api/onboarding';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { Notice } from '../../../components/Notice';
import { placeFieldErrors } from '../../../components/place-field-errors';
import { Section } from '../../../components/Section';
import { ticketProblem } from '../../../lib/ticket';
import { maskTin } from '../../../lib/tin';
import type { z } from '../../../lib/zod';
import { emptyTaxForm, type TaxFormValues, taxField, taxFormSchema } from './validation';

/** The user's W-9, taken whole and kept by the service by its TIN's last four digits. */
export function TaxForm({ userId, ticket, onFile }: { userId: string; ticket: string; onFile: string }) {
  const submit = useSubmitTaxForm();
  const form = useForm<TaxFormValues, unknown, z.output<typeof taxFormSchema>>({
    resolver: zodResolver(taxFormSchema),
    defaultValues: emptyTaxForm(),
  });
  const { errors } = form.formState;
  const [entityType, tin] = useWatch({ control: form.control, name: ['entity_type', 'tin'] });
  const onSubmit = form.handleSubmit((w9) => {
    if (ticketProblem(ticket)) return;
    submit.mutate(
      { userId, w9, ticket },
      {
        // The TIN leaves the page once it is sent: only its last four digits are shown after.
        onSuccess: () => form.reset(emptyTaxForm(w9.entity_type)),
        onError: (error) => placeFieldErrors(error, form.setError, taxField),
      },
    );
  });
  const field = (name: Exclude<keyof TaxFormValues, 'entity_type' | 'tin'>, label: string) => (
    <TextInput label={label} {...form.register(name)} error={errors[name]?.message} required />
  );
  const placed = submit.error instanceof ApiError && Object.keys(submit.error.fieldErrors).some(taxField);
  return (
    <Section title="Tax form">
      <Stack>
        <Text size="sm">Tax form on file: {onFile}.</Text>
        {submit.isSuccess && (
          <Notice tone="success" role="status" title="Tax form submitted">
            Kept by the last four digits of its TIN.
          </Notice>
        )}
        {submit.isError && !placed && (
          <ApiErrorAlert error={submit.error} title="The tax form was not submitted" />
        )}
        <form noValidate onSubmit={onSubmit}>
          <Stack>
            <Controller
              control={form.control}
              name="entity_type"
              render={({ field: entity }) => (
                <Radio.Group label="The user is" value={entity.value} onChange={entity.onChange}>
                  <Group mt="xs">
                    <Radio value="individual" label="An individual" />
                    <Radio value="business" label="A business" />
                  </Group>
                </Radio.Group>
              )}
            />
            {entityType === 'business' && field('business_name', 'Business name')}
            <Group grow align="flex-start">
              {field('first_name', 'First name on the form')}
              {field('last_name', 'Last name on the form')}
            </Group>
            <TextInput
              label="Date of birth"
              type="date"
              {...form.register('date_of_birth')}
              error={errors.date_of_birth?.message}
              required
            />
            <PasswordInput
              label="TIN (SSN, ITIN or EIN)"
              description={
                tin ? `Hidden as typed: ${maskTin(tin)}` : 'Hidden as typed; kept by its last four digits'
              }
              {...form.register('tin')}
              error={errors.tin?.message}
              autoComplete="off"
              required
            />
            {field('line_1', 'Street address')}
            <Group grow align="flex-start">
              {field('city', 'City')}
              {field('state', 'State')}
              {field('postcode', 'ZIP code')}
            </Group>
            {errors.root?.message && (
              <Text c="red.8" size="sm" role="alert">
                {errors.root.message}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={submit.isPending}>
                Submit tax form
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}
