import '@mantine/core/styles/Checkbox.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { useCreateFlow } from '../../api/onboarding';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { placeFieldErrors } from '../../components/place-field-errors';
import { movesMoney } from '../../lib/flow-links';
import { ticketProblem } from '../../lib/ticket';
import type { z } from '../../lib/zod';
import { PAYEE_LINK_STEPS, type PayeeLinkFormValues, payeeLinkFormSchema } from './new-payee-link-form';
import { TicketField } from './TicketField';

/**
 * A link for a payee who is not a user yet: its first page asks their details, and they become the user. Its maker
 * could read it (they typed the address, or copy it), so a payout method added through it waits for a second member.
 */
export function NewPayeeLinkPage() {
  const create = useCreateFlow();
  const mail = useQuery(runtimeConfigQuery).data?.mail ?? false;
  const schema = useMemo(() => payeeLinkFormSchema(mail), [mail]);
  const form = useForm<PayeeLinkFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { steps: ['compliance'], delivery: 'email', email: '', ticket: '' },
  });
  const [steps, delivery, ticket] = useWatch({
    control: form.control,
    name: ['steps', 'delivery', 'ticket'],
  });
  const chosen = mail ? delivery : 'copy';
  const made = create.data;
  const submit = form.handleSubmit((link) =>
    create.mutate(
      { steps: link.steps, delivery: link.delivery, email: link.email, ticket: link.ticket },
      {
        onError: (error) =>
          placeFieldErrors(error, form.setError, (path) => (path === 'email' ? 'email' : undefined)),
      },
    ),
  );
  const placed = create.error instanceof ApiError && Boolean(create.error.fieldErrors.email);
  return (
    <Stack maw={720}>
      <Title order={1}>Link for a new payee</Title>
      <Text size="sm">
        The payee gives their details on the link's first page and becomes a user; then the steps below.
      </Text>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Controller
            control={form.control}
            name="ticket"
            render={({ field }) => <TicketField value={field.value} onChange={field.onChange} />}
          />
          <Controller
            control={form.control}
            name="steps"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label="Steps of the link"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                required
              >
                <Group mt="xs">
                  {PAYEE_LINK_STEPS.map((step) => (
                    <Checkbox key={step.value} value={step.value} label={step.label} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          {movesMoney(steps) && (
            <Text size="sm">
              You could see this link, so a payout method the payee adds through it is confirmed by a second
              member before it is used.
            </Text>
          )}
          <Controller
            control={form.control}
            name="delivery"
            render={({ field }) => (
              <Radio.Group
                label="Send the link"
                value={chosen}
                onChange={field.onChange}
                description={mail ? undefined : 'This console sends no mail (SMTP_URL is not set)'}
              >
                <Group mt="xs">
                  <Radio value="email" label="By email to the payee" disabled={!mail} />
                  <Radio value="copy" label="Copy it myself" />
                </Group>
              </Radio.Group>
            )}
          />
          {chosen === 'email' && (
            <TextInput
              label="Payee's email"
              type="email"
              {...form.register('email')}
              error={form.formState.errors.email?.message}
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
      {create.isError && !placed && <ApiErrorAlert error={create.error} title="The link was not made" />}
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
