import '@mantine/core/styles/Checkbox.css';
import { Button, Checkbox, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useCreateFlow } from '../../api/onboarding';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { type FlowDelivery, movesMoney } from '../../lib/flow-links';
import { ticketProblem } from '../../lib/ticket';
import { z } from '../../lib/zod';
import { TicketField } from './TicketField';

const STEPS = [
  { value: 'compliance', label: 'Tax form (W-9)' },
  { value: 'manage-payouts', label: 'Payout method' },
];
const email = z.email('An email address, like rae@example.com');

/**
 * A link for a payee who is not a user yet: its first page asks their details, and they become the user. Its maker
 * could read it (they typed the address, or copy it), so a payout method added through it waits for a second member.
 */
export function NewPayeeLinkPage() {
  const create = useCreateFlow();
  const mail = useQuery(runtimeConfigQuery).data?.mail ?? false;
  const [steps, setSteps] = useState<string[]>(['compliance']);
  const [delivery, setDelivery] = useState<FlowDelivery>('email');
  const [address, setAddress] = useState('');
  const [ticket, setTicket] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen: FlowDelivery = mail ? delivery : 'copy';
  const made = create.data;
  return (
    <Stack maw={720}>
      <Title order={1}>Link for a new payee</Title>
      <Text size="sm">
        The payee gives their details on the link's first page and becomes a user; then the steps below.
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen === 'email') {
            const parsed = email.safeParse(address.trim());
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message ?? 'An email address');
              return;
            }
          }
          setError(null);
          create.mutate(
            { steps, delivery: chosen, email: address.trim(), ticket },
            {
              onError: (failure) => {
                if (failure instanceof ApiError && failure.fieldErrors.email)
                  setError(failure.fieldErrors.email);
              },
            },
          );
        }}
      >
        <Stack>
          <TicketField value={ticket} onChange={setTicket} />
          <Checkbox.Group label="Steps of the link" value={steps} onChange={setSteps} required>
            <Group mt="xs">
              {STEPS.map((step) => (
                <Checkbox key={step.value} value={step.value} label={step.label} />
              ))}
            </Group>
          </Checkbox.Group>
          {movesMoney(steps) && (
            <Text size="sm">
              You could see this link, so a payout method the payee adds through it is confirmed by a second
              member before it is used.
            </Text>
          )}
          <Radio.Group
            label="Send the link"
            value={chosen}
            onChange={(value) => setDelivery(value as FlowDelivery)}
            description={mail ? undefined : 'This console sends no mail (SMTP_URL is not set)'}
          >
            <Group mt="xs">
              <Radio value="email" label="By email to the payee" disabled={!mail} />
              <Radio value="copy" label="Copy it myself" />
            </Group>
          </Radio.Group>
          {chosen === 'email' && (
            <TextInput
              label="Payee's email"
              type="email"
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              error={error}
              required
              maw={420}
            />
          )}
          <Group>
            <Button
              type="submit"
              disabled={steps.length === 0 || Boolean(ticketProblem(ticket))}
              loading={create.isPending}
            >
              {chosen === 'email' ? 'Send onboarding link' : 'Make onboarding link'}
            </Button>
          </Group>
        </Stack>
      </form>
      {create.isError && !error && <ApiErrorAlert error={create.error} title="The link was not made" />}
      {made?.delivery?.delivery === 'email' && (
        <Notice tone="success" role="status" title="Onboarding link sent">
          Sent by email to {made.delivery.to}. It expires in 72 hours.
        </Notice>
      )}
      {(made?.delivery?.delivery === 'failed' || made?.delivery?.delivery === 'none') && (
        <Notice tone="danger" role="alert" title="The link was made but not sent">
          {made.delivery.message ?? 'The mail could not be sent: make a new link to try again.'}
        </Notice>
      )}
      {made && made.delivery?.delivery !== 'email' && made.link && (
        <Notice tone="success" role="status" title="Onboarding link made">
          <TextInput label="Onboarding link" readOnly value={made.link} />
        </Notice>
      )}
    </Stack>
  );
}
