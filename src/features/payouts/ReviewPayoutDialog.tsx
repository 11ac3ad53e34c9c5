import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useHeldUntil } from '../../api/approvals';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { OutcomeUnknownAlert } from '../../components/OutcomeUnknownAlert';
import { PayoutDetailsTable, type PayoutSummary } from '../../components/PayoutDetails';
import { WarningAlert } from '../../components/WarningAlert';
import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';

interface Props {
  summary: PayoutSummary | null;
  sending: boolean;
  error: Error | null;
  checking: boolean;
  outcomeUnknown: Error | null;
  checkMessage: string | null;
  onCheckAgain: () => void;
  onBack: () => void;
  onConfirm: () => void;
  approvalNeeded: boolean;
  approvalError: unknown;
  submittingForApproval: boolean;
  onSubmitForApproval: () => void;
}

/** The last look before money leaves: payee, method (masked), amount, the wallet before and after; then Send. */
export function ReviewPayoutDialog({
  summary,
  sending,
  error,
  checking,
  outcomeUnknown,
  checkMessage,
  onCheckAgain,
  onBack,
  onConfirm,
  approvalNeeded,
  approvalError,
  submittingForApproval,
  onSubmitForApproval,
}: Props) {
  const submitting = sending || checking || submittingForApproval;
  const held = useHeldUntil();
  const leave = () => {
    if (!submitting) onBack();
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
          {outcomeUnknown ? (
            <OutcomeUnknownAlert
              what="payout"
              error={outcomeUnknown}
              requestId={summary.consoleRequestId}
              checking={checking}
              checkMessage={checkMessage}
            />
          ) : (
            error !== null && <ApiErrorAlert error={error} />
          )}
          {approvalError !== null && approvalError !== undefined && (
            <ApiErrorAlert error={approvalError} title="The request was not submitted" />
          )}
          {approvalNeeded && (
            <Text size="sm">
              {held
                ? `Your password or authenticator was reset: until ${formatDateTime(held)}, another member approves whatever you pay before any money moves.`
                : "This is above your organization's approval limit: another member approves it before any money moves."}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={leave} disabled={submitting}>
              Back
            </Button>
            {outcomeUnknown ? (
              <Button onClick={onCheckAgain} loading={submitting}>
                Check again
              </Button>
            ) : approvalNeeded ? (
              <Button onClick={onSubmitForApproval} loading={submitting}>
                {`Submit for approval (${formatCents(summary.cents)})`}
              </Button>
            ) : (
              <Button onClick={onConfirm} loading={submitting}>
                {`Send payout of ${formatCents(summary.cents)}`}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
