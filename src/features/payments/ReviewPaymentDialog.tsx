import '@mantine/core/styles/Checkbox.css';
import { Anchor, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useHeldUntil } from '../../api/approvals';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DisabledPayerWarning } from '../../components/DisabledPayerWarning';
import { OutcomeUnknownAlert } from '../../components/OutcomeUnknownAlert';
import { PaymentDetailsTable, type PaymentSummary } from '../../components/PaymentDetails';
import { WarningAlert } from '../../components/WarningAlert';
import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import type { RecentPayment } from './recent-payments';

interface Props {
  summary: PaymentSummary | null;
  duplicate: RecentPayment | undefined;
  /** The create request is out. */
  sending: boolean;
  /** Its failure, shown here. */
  error: Error | null;
  /** A look-up of an unknown outcome is under way. */
  checking: boolean;
  /** Why the request got no answer (the payment may exist): confirming again is replaced by looking it up. */
  outcomeUnknown: Error | null;
  checkMessage: string | null;
  onCheckAgain: () => void;
  onBack: () => void;
  onConfirm: () => void;
  /** Above the approval limit: the button submits the payment for another member's approval. */
  approvalNeeded?: boolean;
  approvalError?: unknown;
  submittingForApproval?: boolean;
  onSubmitForApproval?: () => void;
}

/** The last look before money moves: amount, payer, masked account, metadata; the confirm button names the amount. */
export function ReviewPaymentDialog({
  summary,
  duplicate,
  sending,
  error,
  checking,
  outcomeUnknown,
  checkMessage,
  onCheckAgain,
  onBack,
  onConfirm,
  approvalNeeded = false,
  approvalError = null,
  submittingForApproval = false,
  onSubmitForApproval,
}: Props) {
  const submitting = sending || checking || submittingForApproval;
  const held = useHeldUntil();
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
          {outcomeUnknown ? (
            <OutcomeUnknownAlert
              what="payment"
              error={outcomeUnknown}
              requestId={summary.consoleRequestId}
              checking={checking}
              checkMessage={checkMessage}
            />
          ) : (
            error !== null && <ApiErrorAlert error={error} />
          )}
          {approvalError !== null && (
            <ApiErrorAlert error={approvalError} title="The request was not submitted" />
          )}
          {approvalNeeded && (
            <Text size="sm">
              {held
                ? `Your password or authenticator was reset: until ${formatDateTime(held)}, another member approves whatever you pay before any money moves.`
                : "This is above your organization's approval limit: another member approves it before any money moves."}
            </Text>
          )}
          <Checkbox
            label="Payer authorized this debit"
            checked={authorized}
            onChange={(event) => setAuthorized(event.currentTarget.checked)}
            disabled={submitting}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={leave} disabled={submitting}>
              Back
            </Button>
            {outcomeUnknown ? (
              <Button onClick={onCheckAgain} loading={submitting}>
                Check again
              </Button>
            ) : approvalNeeded ? (
              <Button onClick={onSubmitForApproval} disabled={!authorized} loading={submitting}>
                {`Submit for approval (${formatCents(summary.cents)})`}
              </Button>
            ) : (
              <Button onClick={onConfirm} disabled={!authorized} loading={submitting}>
                {`Confirm payment of ${formatCents(summary.cents)}`}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
