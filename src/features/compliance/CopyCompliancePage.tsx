import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'wouter';
import { useAppSource, useCopyCompliance } from '../../api/apps';
import { ApiError } from '../../api/client';
import { runtimeConfigQuery } from '../../api/runtime-config';
import type { PickerOption } from '../../api/search-source';
import { Notice } from '../../components/Notice';
import { pickedText, SearchPicker } from '../../components/SearchPicker';
import { isUuid } from '../../lib/uuid';
import { z } from '../../lib/zod';
import { CopiedRecord } from './CopiedRecord';

const COPIED_FALLBACK = 'Business compliance information successfully copied';

/** What the agent can do after a refusal, by status; the service's own message is shown verbatim above it. */
function nextStepFor(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400)
      return 'Fix the app ID, or add the organization’s compliance information first.';
    if (error.status === 403) return 'Check that the app belongs to this organization.';
    if (error.isNetworkError)
      return 'No answer came: the copy may or may not have happened. Copying again is harmless.';
  }
  return 'Try again; if it keeps failing, quote the request id to support.';
}

/** The app picked by name (its id, as the picker keeps it). */
const copyFormSchema = z.object({
  appId: z.string().trim().toLowerCase().refine(isUuid, 'Choose the app: type its name or ID'),
});

export function CopyCompliancePage() {
  const apps = useAppSource();
  const [params] = useSearchParams();
  const form = useForm<z.input<typeof copyFormSchema>, unknown, z.output<typeof copyFormSchema>>({
    resolver: zodResolver(copyFormSchema),
    defaultValues: { appId: params.get('app_id') ?? '' },
  });
  const appId = useWatch({ control: form.control, name: 'appId' });
  const [appShown, setAppShown] = useState<PickerOption | null>(null);
  const [confirming, setConfirming] = useState(false);
  const copy = useCopyCompliance();
  const mode = useQuery(runtimeConfigQuery).data?.mode;
  // The sandbox always has the record to show; a real service is only asked when the agent wants to see it.
  const [showRecord, setShowRecord] = useState(false);
  const trimmed = appId.trim().toLowerCase();

  const askToConfirm = form.handleSubmit(() => {
    copy.reset();
    setShowRecord(false);
    setConfirming(true);
  });

  const confirm = () => {
    if (copy.isPending) return;
    copy.mutate(trimmed, { onSettled: () => setConfirming(false) });
  };

  return (
    <Stack maw={720}>
      <Title order={1}>Copy compliance</Title>
      <Text>
        Copies the organization&apos;s business compliance information (company, contacts, directors, flow of
        funds) to one of its apps.
      </Text>
      {copy.isSuccess && (
        <Notice tone="success" role="status" title="Compliance copied">
          {copy.data?.message ?? COPIED_FALLBACK}
          {appShown?.id === copy.variables ? ` (to ${pickedText(appShown)})` : ''}
        </Notice>
      )}
      {copy.isError && (
        <Notice tone="danger" role="alert" title="The copy failed">
          <Text size="sm">{copy.error.message}</Text>
          <Text size="sm" mt={4}>
            {nextStepFor(copy.error)}
          </Text>
          {copy.error instanceof ApiError && copy.error.requestId && (
            <Text size="sm" mt={4}>
              Request id: <code>{copy.error.requestId}</code>
            </Text>
          )}
        </Notice>
      )}
      <form noValidate onSubmit={askToConfirm}>
        <Paper withBorder p="md">
          <Stack>
            <Controller
              control={form.control}
              name="appId"
              render={({ field, fieldState }) => (
                <SearchPicker
                  source={apps}
                  label="App"
                  required
                  value={field.value}
                  onChange={(id, option) => {
                    field.onChange(id);
                    setAppShown(option);
                    form.clearErrors('appId');
                  }}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? null}
                />
              )}
            />
            <Group>
              <Button type="submit">Copy compliance</Button>
            </Group>
          </Stack>
        </Paper>
      </form>
      {copy.isSuccess &&
        copy.variables &&
        (mode === 'sandbox' || showRecord ? (
          <CopiedRecord appId={copy.variables} />
        ) : (
          <Group>
            <Button variant="default" onClick={() => setShowRecord(true)}>
              View copied record
            </Button>
          </Group>
        ))}
      <Modal
        opened={confirming}
        onClose={() => !copy.isPending && setConfirming(false)}
        title="Copy compliance?"
        centered
      >
        <Stack>
          <Text size="sm">
            This overwrites the compliance record of{' '}
            {appShown?.id === trimmed ? <strong>{appShown.name}</strong> : 'app'} <code>{trimmed}</code> with
            the organization&apos;s record.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={copy.isPending}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={copy.isPending}>
              Confirm copy
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
