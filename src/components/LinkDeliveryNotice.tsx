import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { LinkDelivery } from '../api/approvals';
import { formatDateTime } from '../lib/dates';
import { Notice } from './Notice';

/**
 * Where a one-time link went. By mail to its member (the server has SMTP); or, without mail, shown once to the team's
 * only admin, to hand over themselves (the server keeps only its hash; with two admins no link is shown).
 */
export function LinkDeliveryNotice({
  what,
  delivery,
  onDone,
}: {
  what: string;
  delivery: LinkDelivery;
  onDone: () => void;
}) {
  if (delivery.delivery === 'email') {
    return (
      <Notice tone="success" role="status" title={what}>
        <Text size="sm">
          Sent by mail to {delivery.to}. The link works once, until {formatDateTime(delivery.expires_at)}.
        </Text>
      </Notice>
    );
  }
  if (delivery.delivery === 'failed') {
    return (
      <Notice tone="danger" role="alert" title={what}>
        <Text size="sm">
          The mail to {delivery.to} could not be sent: {delivery.message}
        </Text>
      </Notice>
    );
  }
  return (
    <Notice tone="success" role="status" title={what}>
      <Stack gap="xs">
        <Text size="sm">
          Mail is not set up on this console: send this link to them yourself. It works once, until{' '}
          {formatDateTime(delivery.expires_at)}, while you are the team&apos;s only admin, and is not shown
          again.
        </Text>
        <TextInput
          label="One-time link"
          readOnly
          value={delivery.url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group>
          <CopyButton value={delivery.url}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Notice>
  );
}
