import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../api/client';
import { useUpdateContact } from '../../../api/onboarding';
import { runtimeConfigQuery } from '../../../api/runtime-config';
import type { User } from '../../../api/schemas';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { Notice } from '../../../components/Notice';
import { placeFieldErrors } from '../../../components/place-field-errors';
import { Section } from '../../../components/Section';
import { COUNTRY_CODE_HINT } from '../../../lib/phone';
import { ticketProblem } from '../../../lib/ticket';
import { CONTACT_DETAILS_ANCHOR } from '../../../lib/user-pages';
import type { z } from '../../../lib/zod';
import { type ContactFormValues, contactField, contactFormSchema, contactOf } from './validation';

/** Names, email and phone, each rule at its field; only what changed is sent. Upstream the service has no such change. */
export function ContactDetailsSection({ user, ticket }: { user: User; ticket: string }) {
  const upstream = useQuery(runtimeConfigQuery).data?.mode === 'upstream';
  if (upstream) {
    return (
      <Section title="Contact details" id={CONTACT_DETAILS_ANCHOR}>
        <Text size="sm">The payout service does not change a user's names, email or phone once made.</Text>
      </Section>
    );
  }
  return <ContactDetailsForm user={user} ticket={ticket} />;
}

function ContactDetailsForm({ user, ticket }: { user: User; ticket: string }) {
  const update = useUpdateContact();
  const before = useMemo(() => contactOf(user), [user]);
  const schema = useMemo(() => contactFormSchema(before), [before]);
  const form = useForm<ContactFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: before,
  });
  const { errors } = form.formState;
  // Arrived by "Edit contact details" (the user's page, the palette): the section is in view, its first field ready.
  useEffect(() => {
    if (window.location.hash !== `#${CONTACT_DETAILS_ANCHOR}`) return;
    document.getElementById(CONTACT_DETAILS_ANCHOR)?.scrollIntoView({ block: 'start' });
    form.setFocus('first_name');
  }, [form]);
  const submit = form.handleSubmit((changes) => {
    if (Object.keys(changes).length === 0 || ticketProblem(ticket)) return;
    update.mutate(
      { userId: user.id, changes, ticket },
      { onError: (error) => placeFieldErrors(error, form.setError, contactField) },
    );
  });
  const field = (name: keyof ContactFormValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} {...form.register(name)} error={errors[name]?.message} required {...extra} />
  );
  const placed =
    update.error instanceof ApiError &&
    Object.keys(update.error.fieldErrors).some((path) => contactField(path));
  return (
    <Section title="Contact details" id={CONTACT_DETAILS_ANCHOR}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Group grow align="flex-start">
            {field('first_name', 'First name')}
            {field('last_name', 'Last name')}
          </Group>
          {field('email', 'Email', { type: 'email' })}
          <Group grow align="flex-start">
            {field('country_code', 'Country code', {
              inputMode: 'numeric',
              description: COUNTRY_CODE_HINT,
            })}
            {field('phone_number', 'Phone number', {
              type: 'tel',
              description: 'A new number is verified again',
            })}
          </Group>
          {errors.root?.message && (
            <Text c="red.8" size="sm" role="alert">
              {errors.root.message}
            </Text>
          )}
          {update.isError && !placed && (
            <ApiErrorAlert error={update.error} title="The contact details were not changed" />
          )}
          {update.isSuccess && (
            <Notice tone="success" role="status" title="Contact details saved">
              {update.data.status === 'unverified'
                ? 'The new phone number needs its verification code.'
                : 'Saved.'}
            </Notice>
          )}
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save contact details
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
