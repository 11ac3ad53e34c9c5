import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAppSource } from '../../api/apps';
import { useCopyComplianceBetweenApps } from '../../api/onboarding';
import type { PickerOption } from '../../api/search-source';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { pickedText, SearchPicker } from '../../components/SearchPicker';
import { isUuid } from '../../lib/uuid';

/** An admin copies one app's compliance record onto another, each app chosen by its name. */
export function CopyBetweenAppsPage() {
  const apps = useAppSource();
  const copy = useCopyComplianceBetweenApps();
  const [source, setSource] = useState('');
  const [destination, setDestination] = useState('');
  const [shown, setShown] = useState<{ source: PickerOption | null; destination: PickerOption | null }>({
    source: null,
    destination: null,
  });
  const [errors, setErrors] = useState<{ source?: string; destination?: string }>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      ...(isUuid(source.trim()) ? {} : { source: 'Choose the app to copy from: type its name' }),
      ...(isUuid(destination.trim())
        ? source.trim() === destination.trim()
          ? { destination: 'Choose another app than the one copied from' }
          : {}
        : { destination: 'Choose the app to copy to: type its name' }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    copy.mutate({
      source_app_id: source.trim().toLowerCase(),
      destination_app_id: destination.trim().toLowerCase(),
    });
  };
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
            <SearchPicker
              source={apps}
              label="Copy from"
              required
              value={source}
              onChange={(id, option) => {
                setSource(id);
                setShown((s) => ({ ...s, source: option }));
              }}
              error={errors.source ?? null}
            />
            <SearchPicker
              source={apps}
              label="Copy to"
              required
              value={destination}
              onChange={(id, option) => {
                setDestination(id);
                setShown((s) => ({ ...s, destination: option }));
              }}
              error={errors.destination ?? null}
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
