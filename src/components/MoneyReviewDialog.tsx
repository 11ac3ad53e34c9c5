import { Modal, Stack } from '@mantine/core';
import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
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
  useFocusReturnOnUnmount();
  return (
    <Modal opened={opened} onClose={backUnlessSubmitting(actions)} title={title} centered>
      <Stack gap={4}>
        {children}
        <MoneyReviewActions {...actions} />
      </Stack>
    </Modal>
  );
}

/**
 * A page takes its review away (Back, Escape) rather than closing it, so the dialog's own return of the focus never
 * runs: the focus goes back here to the field or button the person opened the review from, where they left it. Unless
 * the page has put the focus somewhere since (the outcome of the move), as a page does once money moved.
 */
function useFocusReturnOnUnmount() {
  // Read as the review first renders, before the dialog takes the focus into itself.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      const now = document.activeElement;
      const lost = now === null || now === document.body || now.closest('[role="dialog"]') !== null;
      if (lost && opener?.isConnected) opener.focus();
    },
    [opener],
  );
}
