import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { ApiError } from '../../api/client';
import { useCreateVendor } from '../../api/vendors';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { placeFieldErrors } from '../../components/place-field-errors';
import { Select } from '../../components/Select';
import type { z } from '../../lib/zod';
import {
  EMPTY_VENDOR,
  toCreateVendor,
  US_STATE_OPTIONS,
  type VendorFormValues,
  vendorFieldOf,
  vendorFormSchema,
} from './vendor-form';

/** A new vendor: its name, US address, contact email and external id, each field's rule said at the field. */
export function NewVendorPage() {
  const [, navigate] = useLocation();
  const form = useForm<VendorFormValues, unknown, z.output<typeof vendorFormSchema>>({
    resolver: zodResolver(vendorFormSchema),
    defaultValues: EMPTY_VENDOR,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const create = useCreateVendor();
  const submit = form.handleSubmit((values) =>
    create.mutate(toCreateVendor(values), {
      onSuccess: (vendor) => navigate(`/vendors/${vendor.id}`),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400)
          placeFieldErrors(error, form.setError, vendorFieldOf);
      },
    }),
  );
  const field = (name: keyof VendorFormValues, label: string, extra: { description?: string } = {}) => (
    <TextInput label={label} {...extra} {...form.register(name)} error={errors[name]?.message} />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={640}>
        <Title order={1}>New vendor</Title>
        {create.isError && <ApiErrorAlert error={create.error} title="The vendor was not created" />}
        {field('name', 'Name')}
        {field('contact_email', 'Contact email', { description: 'Optional: where remittance notices go' })}
        {field('external_id', 'External ID', { description: 'Optional: its id in your books' })}
        {field('line_1', 'Address line 1')}
        {field('line_2', 'Address line 2', { description: 'Optional' })}
        <Group grow align="flex-start">
          {field('city', 'City')}
          <Controller
            control={form.control}
            name="state"
            render={({ field: state }) => (
              <Select
                label="State"
                data={US_STATE_OPTIONS}
                searchable
                value={state.value || null}
                onChange={(value) => state.onChange(value ?? '')}
                onBlur={state.onBlur}
                error={errors.state?.message}
              />
            )}
          />
          {field('postcode', 'ZIP code')}
        </Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create vendor
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
