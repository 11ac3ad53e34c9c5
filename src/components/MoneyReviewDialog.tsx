import { Modal, Stack } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { backUnlessSubmitting, MoneyReviewActions } from './MoneyReviewActions';

/**
 * The one review of money about to move, as a payment's and a bill's: a dialog naming what moves, then the confirm
 * (or submit for approval) button. Closed by Back or Escape only while nothing is being sent.
 */
export function MoneyReviewDialog({
  title,
  opened,
  children,
  ...actions
}: ComponentProps<typeof MoneyReviewActions> & { title: string; opened: boolean; children: ReactNode }) {
  return (
    <Modal opened={opened} onClose={backUnlessSubmitting(actions)} title={title} centered>
      <Stack gap={4}>
        {children}
        <MoneyReviewActions {...actions} />
      </Stack>
    </Modal>
  );
}
