import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { useCreateApp } from '../../api/app-onboarding';
import { appQueries } from '../../api/apps';
import { ApiError } from '../../api/client';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { placeFieldErrors } from '../../components/place-field-errors';
import { createAppSchema } from '../../lib/requests/onboarding';
import type { z } from '../../lib/zod';
import { appOfSameName } from './app-names';

/** The app's name, by the rule the service reads (lib/requests/onboarding.ts). */
const newAppSchema = createAppSchema.pick({ name: true });

/** Finance adds an app (its own wallet and compliance record), named as the vendor's rule says. */
export function NewAppPage() {
  const create = useCreateApp();
  const form = useForm<z.input<typeof newAppSchema>, unknown, z.output<typeof newAppSchema>>({
    resolver: zodResolver(newAppSchema),
    defaultValues: { name: '' },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const made = create.data;
  // A name another app has is allowed (the service takes it), but said at the field: people would confuse the two.
  const apps = useQuery(appQueries.list({ limit: 100 }));
  const twin = made ? null : appOfSameName(name, apps.data ?? []);
  const submit = form.handleSubmit((app) =>
    create.mutate(app, {
      onError: (error) =>
        placeFieldErrors(error, form.setError, (path) => (path === 'name' ? 'name' : undefined)),
    }),
  );
  const placed = create.error instanceof ApiError && Boolean(create.error.fieldErrors.name);
  return (
    <Stack maw={720}>
      <Title order={1}>New app</Title>
      <form noValidate onSubmit={submit}>
        <Stack>
          <TextInput
            label="App name"
            description={
              twin
                ? `Another app is named ${twin.name} already: you may keep the name, but payees and your team may confuse the two`
                : '3 to 60 characters, as your payees see it'
            }
            {...form.register('name')}
            error={form.formState.errors.name?.message}
            required
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create app
            </Button>
          </Group>
        </Stack>
      </form>
      {create.isError && !placed && <ApiErrorAlert error={create.error} title="The app was not created" />}
      {made && (
        <Notice tone="success" role="status" title="App created">
          <Anchor component={Link} to={`/apps/${made.id}`}>
            Open {made.name ?? made.id} and its compliance
          </Anchor>
        </Notice>
      )}
    </Stack>
  );
}
