import { Modal, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Bill } from '../../api/accounts-payable';
import { type BillPayBody, type BillPayDraft, billPayDraft, billPayMoney } from '../../api/bill-pay';
import { useWallets } from '../../api/wallets';
import { DetailRow } from '../../components/DetailRow';
import { backUnlessSubmitting, MoneyReviewActions } from '../../components/MoneyReviewActions';
import { type Prepared, useMoneySubmission } from '../../components/use-money-submission';
import { formatCents } from '../../lib/money';
import { runBillOf, runSummary } from './bills-pay-run';
import { WalletEffects } from './WalletEffects';

/** How a bill is funded, in the operator's words. */
export function fundingWords(source: string | null | undefined): string {
  return source === 'dots_balance' ? "The app's wallet" : 'ACH from the bank';
}

/**
 * A bill's Pay (and Pay again after a failure) through the one money submission: a review naming the vendor, the
 * masked account, the amount and the funding, then one request whose key is the bill's and the attempt's; an answer
 * lost is looked up on the bill before anything is sent again. Mounted with the bill's page, so that an unknown
 * outcome outlives closing the review.
 */
export function usePayBill(bill: Bill | undefined) {
  const queryClient = useQueryClient();
  const [review, setReview] = useState<Prepared<BillPayBody> | null>(null);
  const submission = useMoneySubmission<BillPayDraft, BillPayBody>(billPayMoney, {
    onCreated: () => {
      setReview(null);
      // The bill, the lists and the count of what waits, and the wallet it may have left.
      void queryClient.invalidateQueries({ queryKey: ['bills'] });
      void queryClient.invalidateQueries({ queryKey: ['apps'] });
    },
    onRefused: () => undefined,
  });
  return {
    open: () => bill && setReview(submission.prepare(billPayDraft(bill))),
    review,
    close: () => setReview(null),
    submission,
  };
}

export function PayBillReview({ bill, pay }: { bill: Bill; pay: ReturnType<typeof usePayBill> }) {
  const { review, submission } = pay;
  const { wallets } = useWallets();
  const actions = {
    submission,
    onConfirm: () => review && submission.confirm(review),
    onBack: pay.close,
    approval: { needed: false, error: null, submitting: false, onSubmit: () => undefined },
  };
  return (
    <Modal
      opened={review !== null}
      onClose={backUnlessSubmitting(actions)}
      title="Review the payment"
      centered
    >
      {review && (
        <Stack>
          <Table aria-label="Payment review">
            <Table.Tbody>
              <DetailRow label="Vendor">{bill.ap_vendor_name ?? '—'}</DetailRow>
              <DetailRow label="Account">
                {bill.ap_payment_method_name ?? ''} •••• {bill.ap_payment_method_mask ?? '????'}
              </DetailRow>
              <DetailRow label="Amount">{formatCents(review.body.amount)}</DetailRow>
              <DetailRow label="Funding">{fundingWords(bill.funding_source)}</DetailRow>
              {review.body.attempt > 1 && (
                <DetailRow label="Attempt">{`${review.body.attempt} (the last payment failed)`}</DetailRow>
              )}
            </Table.Tbody>
          </Table>
          <WalletEffects summary={runSummary([runBillOf(bill)], wallets)} one />
          <Text size="sm">{`Request id ${review.key}`}</Text>
          <MoneyReviewActions
            what="bill payment"
            summary={{ cents: review.body.amount, consoleRequestId: review.key }}
            {...actions}
          />
        </Stack>
      )}
    </Modal>
  );
}
