import '@mantine/core/styles/Checkbox.css';
import { Anchor, Checkbox, Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { DisabledPayerWarning } from '../../components/DisabledPayerWarning';
import {
  backUnlessSubmitting,
  isSubmitting,
  type MoneyReview,
  MoneyReviewActions,
} from '../../components/MoneyReviewActions';
import { PaymentDetailsTable, type PaymentSummary } from '../../components/PaymentDetails';
import { WarningAlert } from '../../components/WarningAlert';
import { formatCents } from '../../lib/money';
import type { RecentPayment } from './recent-payments';

interface Props extends MoneyReview {
  summary: PaymentSummary | null;
  duplicate: RecentPayment | undefined;
}

/** The last look before money moves: amount, payer, masked account, metadata; the confirm button names the amount. */
export function ReviewPaymentDialog({ summary, duplicate, ...review }: Props) {
  const submitting = isSubmitting(review.submission, review.approval);
  const [authorized, setAuthorized] = useState(false);
  const opened = summary !== null;
  useEffect(() => {
    if (opened) setAuthorized(false);
  }, [opened]);

  return (
    <Modal opened={opened} onClose={backUnlessSubmitting(review)} title="Review payment" size="lg" centered>
      {summary && (
        <Stack>
          <PaymentDetailsTable summary={summary} />
          {summary.payerStatus === 'disabled' && <DisabledPayerWarning />}
          {duplicate && (
            <WarningAlert title="Possible duplicate" role="alert">
              This tab already took {formatCents(duplicate.amount)} from this payer{' '}
              {Math.max(1, Math.round((Date.now() - duplicate.at) / 60_000))} min ago:{' '}
              <Anchor component={Link} to={`/transfers/${duplicate.transferId}`} target="_blank">
                see that transfer
              </Anchor>
              . Confirm only if a second payment is intended.
            </WarningAlert>
          )}
          <MoneyReviewActions what="payment" summary={summary} ready={authorized} {...review}>
            <Checkbox
              label="Payer authorized this debit"
              checked={authorized}
              onChange={(event) => setAuthorized(event.currentTarget.checked)}
              disabled={submitting}
            />
          </MoneyReviewActions>
        </Stack>
      )}
    </Modal>
  );
}
