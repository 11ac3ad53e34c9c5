import '@mantine/core/styles/Checkbox.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Group, Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useCreateFlow } from '../../../api/onboarding';
import { runtimeConfigQuery } from '../../../api/runtime-config';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { Section } from '../../../components/Section';
import { deliveryProblem, type FlowDelivery } from '../../../lib/flow-links';
import { ticketProblem } from '../../../lib/ticket';
import type { z } from '../../../lib/zod';
import { FlowsTable } from './FlowsTable';
import { MadeLink } from './MadeLink';
import { chosenDelivery, type LinkFormValues, linkFormSchema, OFFERED, STEP_LABELS } from './validation';

/**
 * Onboarding links: the user's flows and their steps, and a new link. A link that can change where the payee's money
 * goes is mailed to them by the console server and never shown here (lib/flow-links.ts); one without such steps may
 * be copied.
 */
export function OnboardingLinks({ userId, ticket }: { userId: string; ticket: string }) {
  const create = useCreateFlow();
  const form = useForm<LinkFormValues, unknown, z.output<typeof linkFormSchema>>({
    resolver: zodResolver(linkFormSchema),
    defaultValues: { steps: ['compliance', 'manage-payouts'], delivery: 'email' },
  });
  const [steps, delivery] = useWatch({ control: form.control, name: ['steps', 'delivery'] });
  const runtime = useQuery(runtimeConfigQuery).data;
  const mail = runtime?.mail ?? false;
  const copyRefused = deliveryProblem({ existingUser: true, steps, delivery: 'copy' });
  const chosen = chosenDelivery(delivery, (how: FlowDelivery) => (how === 'email' ? mail : !copyRefused));
  const noMail = mail ? null : 'Unavailable: this console sends no mail (SMTP_URL is not set)';
  const mailbox = runtime?.mailbox;
  const submit = form.handleSubmit((link) => {
    if (!chosen || ticketProblem(ticket)) return;
    create.mutate({ userId, steps: link.steps, delivery: chosen, ticket });
  });
  return (
    <Section title="Onboarding links">
      <Stack>
        <FlowsTable userId={userId} />
        <form noValidate onSubmit={submit}>
          <Stack>
            <Controller
              control={form.control}
              name="steps"
              render={({ field, fieldState }) => (
                <Checkbox.Group
                  label="Steps of the new link"
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  required
                >
                  <Group mt="xs">
                    {OFFERED.map((step) => (
                      <Checkbox key={step} value={step} label={STEP_LABELS[step]} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
            />
            <Controller
              control={form.control}
              name="delivery"
              render={({ field }) => (
                <Radio.Group
                  label="Send the link"
                  value={chosen ?? ''}
                  onChange={field.onChange}
                  description={
                    mailbox ? (
                      <>
                        This sandbox keeps its payees' mail in its own mailbox:{' '}
                        <Anchor href={mailbox} target="_blank" size="xs" underline="always">
                          Sandbox mailbox
                        </Anchor>
                      </>
                    ) : undefined
                  }
                >
                  <Stack mt="xs" gap="xs">
                    {/* Each choice says why it is unavailable, beside it. */}
                    <Radio
                      value="email"
                      label="By email to the payee"
                      disabled={!mail}
                      description={noMail ?? undefined}
                    />
                    <Radio
                      value="copy"
                      label="Copy it myself"
                      disabled={Boolean(copyRefused)}
                      description={copyRefused ? `Unavailable: ${copyRefused}` : undefined}
                    />
                  </Stack>
                </Radio.Group>
              )}
            />
            <Group>
              <Button
                type="submit"
                disabled={steps.length === 0 || !chosen || Boolean(ticketProblem(ticket))}
                loading={create.isPending}
              >
                {chosen === 'email' ? 'Send onboarding link' : 'Make onboarding link'}
              </Button>
            </Group>
          </Stack>
        </form>
        {create.isError && <ApiErrorAlert error={create.error} title="The link was not made" />}
        {create.data && <MadeLink made={create.data} />}
      </Stack>
    </Section>
  );
}
