import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ledgerQueries, type RefillPauseView, useChangeRefillSettings } from '../../api/ledger';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { formatDateTime } from '../../lib/dates';
import { centsToDecimal, formatCents, parseDollars } from '../../lib/money';
import { refillPauseReason } from '../../lib/refill-pauses';

/** The service's bounds on a refill's threshold and amount (lib/requests/wallets.ts): $10.00 to $10,000.00. */
const MIN_CENTS = 1_000;
const MAX_CENTS = 1_000_000;

function refillProblem(text: string): { cents: number } | { problem: string } {
  const parsed = parseDollars(text);
  if (!parsed.ok) return { problem: parsed.problem };
  if (parsed.cents < MIN_CENTS || parsed.cents > MAX_CENTS) {
    return { problem: `Between ${formatCents(MIN_CENTS)} and ${formatCents(MAX_CENTS)}` };
  }
  return { cents: parsed.cents };
}

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
  const [active, setActive] = useState(Boolean(current?.auto_refill_active));
  const [threshold, setThreshold] = useState(
    current?.refill_threshold ? centsToDecimal(current.refill_threshold) : '',
  );
  const [amount, setAmount] = useState(current?.refill_amount ? centsToDecimal(current.refill_amount) : '');
  const [problems, setProblems] = useState<{ threshold?: string; amount?: string }>({});
  const [saved, setSaved] = useState(false);

  const save = () => {
    setSaved(false);
    if (!active) {
      setProblems({});
      change.mutate({ auto_refill_active: false }, { onSuccess: () => setSaved(true) });
      return;
    }
    const below = refillProblem(threshold);
    const refill = refillProblem(amount);
    setProblems({
      ...('problem' in below ? { threshold: below.problem } : {}),
      ...('problem' in refill ? { amount: refill.problem } : {}),
    });
    if ('problem' in below || 'problem' in refill) return;
    change.mutate(
      { auto_refill_active: true, refill_threshold: below.cents, refill_amount: refill.cents },
      { onSuccess: () => setSaved(true) },
    );
  };

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
      <Checkbox
        label={`Refill ${app.name}'s wallet by itself`}
        checked={active}
        onChange={(event) => {
          setActive(event.currentTarget.checked);
          setSaved(false);
        }}
      />
      {active && (
        // Side by side, the two labels (each with the app's name) wrap differently on a phone and set the fields at
        // different heights: there they stack.
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={`Refill below (USD), ${app.name}`}
            value={threshold}
            error={problems.threshold}
            onChange={(event) => {
              setThreshold(event.currentTarget.value);
              setProblems((p) => ({ ...p, threshold: undefined }));
            }}
          />
          <TextInput
            label={`Refill amount (USD), ${app.name}`}
            value={amount}
            error={problems.amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setProblems((p) => ({ ...p, amount: undefined }));
            }}
          />
        </SimpleGrid>
      )}
      <Group>
        <Button variant="default" onClick={save} loading={change.isPending}>
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
