import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHeldUntil } from '../api/approvals';
import { formatDateTime } from '../lib/dates';
import { formatCents } from '../lib/money';
import { ApiErrorAlert } from './ApiErrorAlert';
import { OutcomeUnknownAlert } from './OutcomeUnknownAlert';
import type { SubmissionState } from './use-money-submission';

/** What a review of money offers beside sending it: submitting it for another member's approval. */
export interface ApprovalAction {
  /** Above the approval limit (or while the member is held): the button submits it for approval. */
  needed: boolean;
  error: unknown;
  submitting: boolean;
  onSubmit: () => void;
}

/** What a page gives its review of money: the submission, and what the review's buttons do. */
export interface MoneyReview {
  submission: SubmissionState;
  onConfirm: () => void;
  onBack: () => void;
  approval: ApprovalAction;
}

/** The words of each kind's confirm button, before the amount. */
const CONFIRM_WORDS = {
  payment: 'Confirm payment of',
  payout: 'Send payout of',
  deposit: 'Confirm deposit of',
  withdrawal: 'Confirm withdrawal of',
  transfer: 'Confirm transfer of',
  'bill payment': 'Pay',
} as const;

interface Props extends MoneyReview {
  /** "payment", "payout": what the words name. */
  what: keyof typeof CONFIRM_WORDS;
  /** Its amount and its request id (its idempotency key), as the review shows them. */
  summary: { cents: number; consoleRequestId?: string | undefined };
  /** False until what the review asks for is given (a payer's authorization): neither button is enabled. */
  ready?: boolean;
  /** What the review asks for, above the buttons. */
  children?: ReactNode;
}

/**
 * The end of every review of money (a payment, a payout, and what moves money next), the same for all: why the last
 * try did not make it, or that its outcome is unknown and what the look-up found; that it waits for another member's
 * approval; then Back, and Check again, Submit for approval or the confirm button, which names the amount. Back is
 * never offered while a request is out.
 */
export function MoneyReviewActions({ what, summary, ready = true, children, ...review }: Props) {
  const { submission, approval, onConfirm } = review;
  const { cents, consoleRequestId: requestId } = summary;
  const held = useHeldUntil();
  const submitting = isSubmitting(submission, approval);
  return (
    <>
      {submission.unknown ? (
        <OutcomeUnknownAlert
          what={what}
          error={submission.unknown}
          requestId={requestId}
          checking={submission.checking}
          checkMessage={submission.checkMessage}
        />
      ) : (
        submission.error !== null && <ApiErrorAlert error={submission.error} />
      )}
      {approval.error !== null && approval.error !== undefined && (
        <ApiErrorAlert error={approval.error} title="The request was not submitted" />
      )}
      {approval.needed && (
        <Text size="sm">
          {held
            ? `Your password or authenticator was reset: until ${formatDateTime(held)}, another member approves whatever you pay before any money moves.`
            : "This is above your organization's approval limit: another member approves it before any money moves."}
        </Text>
      )}
      {children}
      <Group justify="space-between">
        <Button variant="default" onClick={backUnlessSubmitting(review)} disabled={submitting}>
          Back
        </Button>
        {submission.unknown ? (
          <Button onClick={submission.checkAgain} loading={submitting}>
            Check again
          </Button>
        ) : approval.needed ? (
          <Button onClick={approval.onSubmit} disabled={!ready} loading={submitting}>
            {`Submit for approval (${formatCents(cents)})`}
          </Button>
        ) : (
          <Button onClick={onConfirm} disabled={!ready} loading={submitting}>
            {`${CONFIRM_WORDS[what]} ${formatCents(cents)}`}
          </Button>
        )}
      </Group>
    </>
  );
}

/** A request is out (sent, looked up, or submitted for approval): the review neither closes nor sends again. */
export function isSubmitting(submission: SubmissionState, approval: { submitting: boolean }): boolean {
  return submission.sending || submission.checking || approval.submitting;
}

/** Back, unless a request is out: a review of money never closes while one is. */
export function backUnlessSubmitting({ submission, approval, onBack }: MoneyReview): () => void {
  return () => {
    if (!isSubmitting(submission, approval)) onBack();
  };
}
