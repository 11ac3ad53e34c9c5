import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * "Are you sure?" that says what happens: the consequence in a sentence, and a button named for the action itself
 * (`Disable Fiona Finance`, never `OK`). Closed by Cancel, Escape or the backdrop while nothing is under way; where
 * the action itself is a cancelling, the way out says what it keeps (`Keep the link`), not a second "Cancel".
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  onConfirm,
  onCancel,
  pending = false,
  danger = false,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog and changes nothing: "Cancel" unless said. */
  dismissLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  danger?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={() => !pending && onCancel()} title={title} centered>
      <Stack>
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {dismissLabel}
          </Button>
          <Button color={danger ? 'red.8' : undefined} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
