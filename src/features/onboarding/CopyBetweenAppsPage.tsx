import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAppSource } from '../../api/apps';
import { useCopyComplianceBetweenApps } from '../../api/onboarding';
import type { PickerOption } from '../../api/search-source';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { pickedText, SearchPicker } from '../../components/SearchPicker';
import type { z } from '../../lib/zod';
import { copyBetweenAppsFormSchema } from './copy-between-apps-form';

/** An admin copies one app's compliance record onto another, each app chosen by its name. */
export function CopyBetweenAppsPage() {
  const apps = useAppSource();
  const copy = useCopyComplianceBetweenApps();
  const form = useForm<
    z.input<typeof copyBetweenAppsFormSchema>,
    unknown,
    z.output<typeof copyBetweenAppsFormSchema>
  >({
    resolver: zodResolver(copyBetweenAppsFormSchema),
    defaultValues: { source: '', destination: '' },
  });
  // Who each picked id is, for the notice once copied.
  const [shown, setShown] = useState<{ source: PickerOption | null; destination: PickerOption | null }>({
    source: null,
    destination: null,
  });
  const submit = form.handleSubmit((body) => copy.mutate(body));
  return (
    <Stack maw={720}>
      <Title order={1}>Copy compliance between apps</Title>
      <Text>
        Copies one app&apos;s business compliance record onto another app of the organization (replacing its
        own).
      </Text>
      {copy.isSuccess && (
        <Notice tone="success" role="status" title="Compliance copied">
          {copy.data?.message ?? 'Business compliance information successfully copied'} (from{' '}
          {shown.source ? pickedText(shown.source) : 'the first app'} to{' '}
          {shown.destination ? pickedText(shown.destination) : 'the second app'})
        </Notice>
      )}
      {copy.isError && <ApiErrorAlert error={copy.error} title="The copy failed" />}
      <form noValidate onSubmit={submit}>
        <Paper withBorder p="md">
          <Stack>
            <Controller
              control={form.control}
              name="source"
              render={({ field, fieldState }) => (
                <SearchPicker
                  source={apps}
                  label="Copy from"
                  required
                  value={field.value}
                  onChange={(id, option) => {
                    field.onChange(id);
                    setShown((s) => ({ ...s, source: option }));
                  }}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? null}
                />
              )}
            />
            <Controller
              control={form.control}
              name="destination"
              render={({ field, fieldState }) => (
                <SearchPicker
                  source={apps}
                  label="Copy to"
                  required
                  value={field.value}
                  onChange={(id, option) => {
                    field.onChange(id);
                    setShown((s) => ({ ...s, destination: option }));
                  }}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? null}
                />
              )}
            />
            <Group>
              <Button type="submit" loading={copy.isPending}>
                Copy compliance
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
