import '@mantine/core/styles/Checkbox.css';
import { Anchor, Checkbox, Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { DisabledPayerWarning } from '../../components/DisabledPayerWarning';
import { isSubmitting, MoneyReviewActions } from '../../components/MoneyReviewActions';
import { PaymentDetailsTable, type PaymentSummary } from '../../components/PaymentDetails';
import type { SubmissionState } from '../../components/use-money-submission';
import { WarningAlert } from '../../components/WarningAlert';
import { formatCents } from '../../lib/money';
import type { RecentPayment } from './recent-payments';

interface Props {
  summary: PaymentSummary | null;
  duplicate: RecentPayment | undefined;
  submission: SubmissionState;
  onBack: () => void;
  onConfirm: () => void;
  /** Above the approval limit: the button submits the payment for another member's approval. */
  approval: { needed: boolean; error: unknown; submitting: boolean; onSubmit: () => void };
}

/** The last look before money moves: amount, payer, masked account, metadata; the confirm button names the amount. */
export function ReviewPaymentDialog({ summary, duplicate, submission, onBack, onConfirm, approval }: Props) {
  const submitting = isSubmitting(submission, approval);
  // Never closed while a request is out.
  const leave = () => {
    if (!submitting) onBack();
  };
  const [authorized, setAuthorized] = useState(false);
  const opened = summary !== null;
  useEffect(() => {
    if (opened) setAuthorized(false);
  }, [opened]);

  return (
    <Modal opened={opened} onClose={leave} title="Review payment" size="lg" centered>
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
          <MoneyReviewActions
            what="payment"
            submission={submission}
            requestId={summary.consoleRequestId}
            cents={summary.cents}
            confirmLabel={`Confirm payment of ${formatCents(summary.cents)}`}
            onConfirm={onConfirm}
            onBack={leave}
            approval={approval}
            ready={authorized}
          >
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
