import { Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { useCreateApp } from '../../api/app-onboarding';
import { appQueries } from '../../api/apps';
import { ApiError } from '../../api/client';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { createAppSchema } from '../../lib/requests/onboarding';
import { appOfSameName } from './app-names';

/** Finance adds an app (its own wallet and compliance record), named as the vendor's rule says. */
export function NewAppPage() {
  const create = useCreateApp();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const made = create.data;
  // A name another app has is allowed (the service takes it), but said at the field: people would confuse the two.
  const apps = useQuery(appQueries.list({ limit: 100 }));
  const twin = made ? null : appOfSameName(name, apps.data ?? []);
  return (
    <Stack maw={720}>
      <Title order={1}>New app</Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = createAppSchema.safeParse({ name });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? 'Check the name');
            return;
          }
          setError(null);
          create.mutate(
            { name: parsed.data.name },
            {
              onError: (failure) => {
                if (failure instanceof ApiError && failure.fieldErrors.name)
                  setError(failure.fieldErrors.name);
              },
            },
          );
        }}
      >
        <Stack>
          <TextInput
            label="App name"
            description={
              twin
                ? `Another app is named ${twin.name} already: you may keep the name, but payees and your team may confuse the two`
                : '3 to 60 characters, as your payees see it'
            }
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            required
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create app
            </Button>
          </Group>
        </Stack>
      </form>
      {create.isError && !error && <ApiErrorAlert error={create.error} title="The app was not created" />}
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
