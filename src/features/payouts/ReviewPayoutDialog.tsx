import { Modal, Stack } from '@mantine/core';
import {
  backUnlessSubmitting,
  type MoneyReview,
  MoneyReviewActions,
} from '../../components/MoneyReviewActions';
import { PayoutDetailsTable, type PayoutSummary } from '../../components/PayoutDetails';
import { WarningAlert } from '../../components/WarningAlert';

interface Props extends MoneyReview {
  summary: PayoutSummary | null;
}

/** The last look before money leaves: payee, method (masked), amount, the wallet before and after; then Send. */
export function ReviewPayoutDialog({ summary, ...review }: Props) {
  return (
    <Modal
      opened={summary !== null}
      onClose={backUnlessSubmitting(review)}
      title="Review payout"
      size="lg"
      centered
    >
      {summary && (
        <Stack>
          <PayoutDetailsTable summary={summary} />
          {summary.payeeStatus === 'disabled' && (
            <WarningAlert title="The payee is disabled" role="alert">
              {summary.payeeName ?? 'This payee'} is disabled at the service, which refuses to pay them out
              until they are enabled again.
            </WarningAlert>
          )}
          <MoneyReviewActions what="payout" summary={summary} {...review} />
        </Stack>
      )}
    </Modal>
  );
}
