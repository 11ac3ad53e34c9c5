import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { rejectionBody } from '../lib/requests/team-decisions';

/** A rejection's reason, said for the member who asked for the change. */
const reasonFormSchema = rejectionBody('for the member who asked');

import { ApiErrorAlert } from './ApiErrorAlert';
import { Notice } from './Notice';

/**
 * A list of changes that wait for a second member (where a payee is paid, a vendor's bank accounts): its heading,
 * what the last decision came to or why it was refused, the list unread or empty, then each change (WaitingChange).
 */
export function WaitingChanges({
  title,
  decided,
  decideError,
  readError,
  empty,
  children,
}: {
  title: string;
  /** What the last decision came to: "Confirmed and applied: …". */
  decided: string | null;
  decideError: unknown;
  readError: unknown;
  /** Said when the list was read and nothing waits; null while it is not read. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {decided !== null && (
        <Notice tone="success" role="status" title="Done">
          {decided}
        </Notice>
      )}
      {Boolean(decideError) && <ApiErrorAlert error={decideError} title="The decision was refused" />}
      {Boolean(readError) && <ApiErrorAlert error={readError} title="The changes could not be read" />}
      {empty !== null && <Text>{empty}</Text>}
      {children}
    </Stack>
  );
}

/**
 * One change as the second member sees it: what it is, then its details; confirmed by anyone but the member who asked,
 * or rejected with a reason said for them (the reason asked for here before the rejection is sent).
 */
export function WaitingChange({
  id,
  description,
  mine,
  noun,
  deciding,
  onConfirm,
  onReject,
  children,
}: {
  /** The element's id, where a link names the change. */
  id?: string | undefined;
  description: string;
  /** Asked for by the member who is signed in: another member decides. */
  mine: boolean;
  /** What the buttons call it: "change", "account change". */
  noun: string;
  deciding: boolean;
  onConfirm: () => void;
  onReject: (reason: string) => void;
  children: ReactNode;
}) {
  const form = useForm({ resolver: zodResolver(reasonFormSchema), defaultValues: { reason: '' } });
  const reject = form.handleSubmit(({ reason }) => onReject(reason));
  return (
    <Paper id={id} withBorder p="md" role="group" aria-label={description}>
      <Stack gap="xs">
        <Text fw={600}>{description}</Text>
        {children}
        {mine ? (
          <Text size="sm" c="dimmed">
            You asked for this: another member of finance or admin confirms it.
          </Text>
        ) : (
          <>
            <Textarea
              label="Reason to reject"
              {...form.register('reason')}
              error={form.formState.errors.reason?.message}
              autosize
              minRows={1}
            />
            <Group>
              <Button loading={deciding} onClick={onConfirm}>
                {`Confirm ${noun}`}
              </Button>
              <Button variant="default" onClick={() => void reject()}>
                {`Reject ${noun}`}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
