import { possessive } from '../../lib/words';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  ledgerQueries,
  type RefillPauseView,
  type RefillSettings as RefillSettingsBody,
  useChangeRefillSettings,
} from '../../api/ledger';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { placeFieldErrors } from '../../components/place-field-errors';
import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import { refillPauseReason } from '../../lib/refill-pauses';
import { type RefillFormValues, refillFieldOf, refillFormOf, refillFormSchema } from './refill-form';

/**
 * An app's auto-refill: below the threshold, the service makes one deposit of the refill amount from the app's bank
 * account (and no other while it is on its way). Dollars typed become exact cents; what is saved is shown as the
 * service answers it.
 */
export function RefillSettings({ app }: { app: { id: string; name: string } }) {
  const settings = useQuery(ledgerQueries.settings(app.id));
  const pauses = useQuery(ledgerQueries.refillPauses());
  if (settings.isPending) return null;
  const pause = pauses.data?.data.find((p) => p.app_id === app.id) ?? null;
  // Upstream the service may not say what is set: the form starts empty, and setting it still works.
  return <RefillForm app={app} current={settings.data} pause={pause} />;
}

function RefillForm({
  app,
  current,
  pause,
}: {
  app: { id: string; name: string };
  /** The console paused this refill when the approval limit went below it; null when it did not. */
  pause: RefillPauseView | null;
  current:
    | { auto_refill_active?: boolean | null; refill_amount?: number | null; refill_threshold?: number | null }
    | undefined;
}) {
  const change = useChangeRefillSettings(app.id, app.name);
  const form = useForm<RefillFormValues, unknown, RefillSettingsBody>({
    resolver: zodResolver(refillFormSchema),
    defaultValues: refillFormOf(current),
  });
  const { errors } = form.formState;
  const active = form.watch('active');
  const [saved, setSaved] = useState(false);

  const save = form.handleSubmit((settings) => {
    setSaved(false);
    change.mutate(settings, {
      onSuccess: () => setSaved(true),
      onError: (error) => placeFieldErrors(error, form.setError, refillFieldOf),
    });
  });

  return (
    // A fieldset is as wide as its widest line by default (min-inline-size: min-content): at 390 px it ran off screen.
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600}>
        {`Auto-refill, ${app.name}`}
      </Text>
      {pause && (
        <Notice tone="warning" title={`Auto-refill paused, ${app.name}`}>
          {`Paused ${formatDateTime(pause.paused_at)} by a change of the approval policy. ${refillPauseReason(pause)}`}
        </Notice>
      )}
      <Controller
        control={form.control}
        name="active"
        render={({ field }) => (
          <Checkbox
            label={`Refill ${possessive(app.name)} wallet by itself`}
            checked={field.value}
            onChange={(event) => {
              field.onChange(event.currentTarget.checked);
              setSaved(false);
            }}
          />
        )}
      />
      {active && (
        // Side by side, the two labels (each with the app's name) wrap differently on a phone and set the fields at
        // different heights: there they stack.
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={`Refill below (USD), ${app.name}`}
            {...form.register('threshold')}
            error={errors.threshold?.message}
          />
          <TextInput
            label={`Refill amount (USD), ${app.name}`}
            {...form.register('amount')}
            error={errors.amount?.message}
          />
        </SimpleGrid>
      )}
      <Group>
        <Button variant="default" onClick={() => void save()} loading={change.isPending}>
          {`Save auto-refill, ${app.name}`}
        </Button>
        {saved && change.data && (
          <Text role="status">
            {change.data.auto_refill_active
              ? `Saved: below ${formatCents(change.data.refill_threshold ?? 0)}, a deposit of ${formatCents(change.data.refill_amount ?? 0)}`
              : 'Saved: auto-refill is off'}
          </Text>
        )}
      </Group>
      {change.isError && <ApiErrorAlert error={change.error} title="The settings were not saved" />}
    </Stack>
  );
}
