import { Modal, Stack } from '@mantine/core';
import { isSubmitting, MoneyReviewActions } from '../../components/MoneyReviewActions';
import { PayoutDetailsTable, type PayoutSummary } from '../../components/PayoutDetails';
import type { SubmissionState } from '../../components/use-money-submission';
import { WarningAlert } from '../../components/WarningAlert';
import { formatCents } from '../../lib/money';

interface Props {
  summary: PayoutSummary | null;
  submission: SubmissionState;
  onBack: () => void;
  onConfirm: () => void;
  approval: { needed: boolean; error: unknown; submitting: boolean; onSubmit: () => void };
}

/** The last look before money leaves: payee, method (masked), amount, the wallet before and after; then Send. */
export function ReviewPayoutDialog({ summary, submission, onBack, onConfirm, approval }: Props) {
  // Never closed while a request is out.
  const leave = () => {
    if (!isSubmitting(submission, approval)) onBack();
  };
  return (
    <Modal opened={summary !== null} onClose={leave} title="Review payout" size="lg" centered>
      {summary && (
        <Stack>
          <PayoutDetailsTable summary={summary} />
          {summary.payeeStatus === 'disabled' && (
            <WarningAlert title="The payee is disabled" role="alert">
              {summary.payeeName ?? 'This payee'} is disabled at the service, which refuses to pay them out
              until they are enabled again.
            </WarningAlert>
          )}
          <MoneyReviewActions
            what="payout"
            submission={submission}
            requestId={summary.consoleRequestId}
            cents={summary.cents}
            confirmLabel={`Send payout of ${formatCents(summary.cents)}`}
            onConfirm={onConfirm}
            onBack={leave}
            approval={approval}
          />
        </Stack>
      )}
    </Modal>
  );
}
