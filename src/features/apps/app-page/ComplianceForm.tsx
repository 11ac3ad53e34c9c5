import '@mantine/core/styles/SimpleGrid.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useUpdateAppCompliance } from '../../../api/app-onboarding';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { placeFieldErrors } from '../../../components/place-field-errors';
import type { z } from '../../../lib/zod';
import {
  type ComplianceField,
  type ComplianceValues,
  complianceFieldOf,
  complianceFormSchema,
  LEGAL_FORMS,
} from './app-compliance-form';

const TYPES = [
  { value: '', label: 'Choose…' },
  ...Object.entries(LEGAL_FORMS).map(([value, label]) => ({ value, label })),
];

/** Business information, one director, the flow of funds: each rule said at its field, nothing typed lost. */
export function ComplianceForm({ appId, onSaved }: { appId: string; onSaved: () => void }) {
  const save = useUpdateAppCompliance();
  const form = useForm<ComplianceValues, unknown, z.output<typeof complianceFormSchema>>({
    resolver: zodResolver(complianceFormSchema),
    defaultValues: {},
  });
  const { errors } = form.formState;
  const text = (name: ComplianceField, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} {...form.register(name)} error={errors[name]?.message} {...extra} />
  );
  const secret = (name: ComplianceField, label: string, description: string) => (
    <PasswordInput
      label={label}
      description={description}
      {...form.register(name)}
      error={errors[name]?.message}
      autoComplete="off"
      inputMode="numeric"
      required
    />
  );
  const submit = form.handleSubmit((record) =>
    save.mutate(
      { appId, record },
      {
        onSuccess: () => {
          // The EIN and the SSN are not kept in the page once saved.
          form.setValue('ein', '');
          form.setValue('director_ssn', '');
          onSaved();
        },
        onError: (error) =>
          placeFieldErrors(error, form.setError, (path) => complianceFieldOf(path) ?? undefined),
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Title order={3} size="h5">
          Business
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('name', 'Legal name', { required: true })}
          {text('dba', 'Doing business as')}
          {secret('ein', 'EIN', '9 digits; kept by its last four')}
          {text('incorporation_date', 'Date of incorporation', { type: 'date', required: true })}
          {text('incorporation_state', 'State of incorporation', { required: true })}
          <NativeSelect
            label="Legal form"
            data={TYPES}
            {...form.register('incorporation_type')}
            error={errors.incorporation_type?.message}
            required
          />
          {text('website', 'Website', { required: true })}
        </SimpleGrid>
        <Title order={3} size="h5">
          Contact
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('contact_email', 'Contact email', { type: 'email', required: true })}
          {text('contact_phone', 'Contact phone', { type: 'tel', required: true })}
          {text('contact_line1', 'Street address', { required: true })}
          {text('contact_city', 'City', { required: true })}
          {text('contact_state', 'State', { required: true })}
          {text('contact_zip', 'ZIP code', { required: true })}
        </SimpleGrid>
        <Title order={3} size="h5">
          Director and beneficial owner
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('director_first_name', "Director's first name", { required: true })}
          {text('director_last_name', "Director's last name", { required: true })}
          {text('director_title', "Director's title", { required: true })}
          {text('director_email', "Director's email", { type: 'email', required: true })}
          {text('director_phone', "Director's phone", { type: 'tel', required: true })}
          {text('director_dob', "Director's date of birth", { type: 'date', required: true })}
          {text('director_ownership', 'Ownership (%)', { inputMode: 'decimal', required: true })}
          {secret('director_ssn', "Director's SSN", '9 digits; kept by its last four')}
          {text('director_line1', "Director's street address", { required: true })}
          {text('director_city', "Director's city", { required: true })}
          {text('director_state', "Director's state", { required: true })}
          {text('director_zip', "Director's ZIP code", { required: true })}
        </SimpleGrid>
        <Title order={3} size="h5">
          Flow of funds
        </Title>
        {text('reasons', 'Why you pay people', { required: true })}
        {text('usage', 'How you use payouts', { required: true })}
        {errors.root?.message && (
          <Text c="red.8" size="sm" role="alert">
            {errors.root.message}
          </Text>
        )}
        {save.isError && <ApiErrorAlert error={save.error} title="The compliance record was not saved" />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save compliance
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
