import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { ApiError } from '../../api/client';
import { useCreateUser } from '../../api/onboarding';
import type { User } from '../../api/schemas';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { placeFieldErrors } from '../../components/place-field-errors';
import { COUNTRY_CODE_HINT, phoneDigits } from '../../lib/phone';
import { createUserSchema } from '../../lib/requests/users';
import { z } from '../../lib/zod';
import { TicketField } from './TicketField';
import { ticketField } from './ticket-schema';

/** The vendor's rules at each field (lib/requests/users.ts, the schema the sandbox checks by too). */
const formSchema = createUserSchema
  .pick({ first_name: true, last_name: true, email: true, country_code: true, phone_number: true })
  // Typed as people write them ("+1", "(415) 555-0177"); the service gets the digits.
  .extend({
    country_code: z.string().transform(phoneDigits).pipe(createUserSchema.shape.country_code),
    phone_number: z.string().transform(phoneDigits).pipe(createUserSchema.shape.phone_number),
    ticket: ticketField,
  });
type Form = z.input<typeof formSchema>;
const FIELDS = ['first_name', 'last_name', 'email', 'country_code', 'phone_number'] as const;

/** Support creates a user from a ticket: names, email, phone with its country code. */
export function NewUserPage() {
  const form = useForm<Form, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      country_code: '1',
      phone_number: '',
      ticket: '',
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const create = useCreateUser();
  const [made, setMade] = useState<User | null>(null);

  const submit = form.handleSubmit(({ ticket, ...user }) => {
    setMade(null);
    create.mutate(
      { user, ticket },
      {
        onSuccess: (answer) => setMade(answer),
        onError: (error) => {
          if (error instanceof ApiError) {
            placeFieldErrors(error, form.setError, (path) =>
              (FIELDS as readonly string[]).includes(path) ? (path as (typeof FIELDS)[number]) : undefined,
            );
          }
        },
      },
    );
  });

  return (
    <Stack maw={720}>
      <Title order={1}>New user</Title>
      {made && (
        <Notice tone="success" role="status" title="User created">
          <Text size="sm">
            {made.first_name} {made.last_name} ({made.email}).{' '}
            <Anchor component={Link} to={`/users/${made.id}/onboarding`}>
              Onboard {made.first_name} {made.last_name}
            </Anchor>
          </Text>
        </Notice>
      )}
      {create.isError &&
        !(create.error instanceof ApiError && Object.keys(create.error.fieldErrors).length > 0) && (
          <ApiErrorAlert error={create.error} title="The user was not created" />
        )}
      <form noValidate onSubmit={submit}>
        <Paper withBorder p="md">
          <Stack>
            <Group grow align="flex-start">
              <TextInput
                label="First name"
                required
                autoComplete="off"
                {...form.register('first_name')}
                error={errors.first_name?.message}
              />
              <TextInput
                label="Last name"
                required
                autoComplete="off"
                {...form.register('last_name')}
                error={errors.last_name?.message}
              />
            </Group>
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="off"
              {...form.register('email')}
              error={errors.email?.message}
            />
            <Group grow align="flex-start">
              <TextInput
                label="Country code"
                description={COUNTRY_CODE_HINT}
                inputMode="numeric"
                required
                {...form.register('country_code')}
                error={errors.country_code?.message}
              />
              <TextInput
                label="Phone number"
                description="As you write it, like (415) 555-0177"
                inputMode="tel"
                required
                {...form.register('phone_number')}
                error={errors.phone_number?.message}
              />
            </Group>
            <Controller
              control={form.control}
              name="ticket"
              render={({ field }) => <TicketField value={field.value} onChange={field.onChange} />}
            />
            <Group>
              <Button type="submit" loading={create.isPending}>
                Create user
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
