import '@mantine/core/styles/SegmentedControl.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useApprovalNeed, useSubmitForApproval } from '../../api/approvals';
import {
  type AppWalletBody,
  type AppWalletMove,
  depositMoney,
  withdrawalMoney,
} from '../../api/wallet-moves';
import { Money } from '../../components/Money';
import { MoneyReviewDialog } from '../../components/MoneyReviewDialog';
import { SubmittedForApproval } from '../../components/SubmittedForApproval';
import { type Prepared, useMoneySubmission } from '../../components/use-money-submission';
import { formatCents } from '../../lib/money';
import { possessive } from '../../lib/words';
import type { z } from '../../lib/zod';
import { type AppWalletDirection, type AppWalletMoveValues, appWalletMoveSchema } from './wallet-move-forms';

type AppWallet = { id: string; name: string; balance: number };
type AppWalletMoveRead = z.output<ReturnType<typeof appWalletMoveSchema>>;
type MoveFormReturn = UseFormReturn<AppWalletMoveValues, unknown, AppWalletMoveRead>;

/**
 * Deposit into an app's wallet from its bank account, or withdraw to it, through the one money submission: the
 * amount, a review naming the account and the wallet before and after, then the transfer; above the limit the review
 * submits it for approval.
 */
export function MoveAppWallet({ app, account }: { app: AppWallet; account: string }) {
  // The amount typed outlives a change of direction: switching to look at the other way loses nothing.
  const form = useForm<AppWalletMoveValues, unknown, AppWalletMoveRead>({
    resolver: zodResolver(appWalletMoveSchema(app.balance)),
    defaultValues: { direction: 'deposit', amount: '' },
  });
  const direction = form.watch('direction');
  return (
    <Stack gap="xs">
      <Controller
        control={form.control}
        name="direction"
        render={({ field }) => (
          <SegmentedControl
            aria-label={`Deposit or withdraw, ${app.name}`}
            data={[
              { value: 'deposit', label: 'Deposit' },
              { value: 'withdraw', label: 'Withdraw' },
            ]}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              form.clearErrors('amount');
            }}
          />
        )}
      />
      {/* One form per direction: each keeps its own key and its own unknown outcome. */}
      <MoveForm key={direction} app={app} account={account} direction={direction} form={form} />
    </Stack>
  );
}

function MoveForm({
  app,
  account,
  direction,
  form,
}: {
  app: AppWallet;
  account: string;
  direction: AppWalletDirection;
  form: MoveFormReturn;
}) {
  const queryClient = useQueryClient();
  const approvalNeed = useApprovalNeed();
  const [review, setReview] = useState<Prepared<AppWalletBody> | null>(null);
  const [made, setMade] = useState<{ id: string; cents: number } | null>(null);
  const submitApproval = useSubmitForApproval(direction === 'deposit' ? 'deposit' : 'withdrawal');
  const waiting = submitApproval.data?.id ?? null;
  const verb = direction === 'deposit' ? 'Deposit' : 'Withdraw';
  // What the review and its confirmation call the move: a withdrawal, as Confirm withdrawal of and the ledger say.
  const noun = direction === 'deposit' ? 'deposit' : 'withdrawal';
  const submission = useMoneySubmission<AppWalletMove, AppWalletBody>(
    direction === 'deposit' ? depositMoney : withdrawalMoney,
    {
      onCreated: (transfer) => {
        // The notice names what moved, and the amount is cleared for the next move rather than inviting a second one.
        setMade({ id: transfer.id, cents: Math.abs(Number(transfer.amount ?? 0)) });
        setReview(null);
        form.setValue('amount', '');
        void queryClient.invalidateQueries({ queryKey: ['wallets'] });
        void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      },
      onRefused: () => undefined,
    },
  );
  // The review and its buttons go once the move is made or waits: the focus goes to what came of it, not to the page.
  const outcome = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (made || waiting) outcome.current?.focus();
  }, [made, waiting]);
  const cents = review?.body.amount ?? 0;
  const after = app.balance + (direction === 'withdraw' ? -cents : 0);

  const reviewMove = form.handleSubmit(({ amount }) => {
    setMade(null);
    submitApproval.reset();
    setReview(submission.prepare({ appId: app.id, cents: amount }, { appId: app.id }));
  });
  const submitForApproval = () =>
    review &&
    submitApproval.mutate({ body: review.body, app_id: app.id }, { onSuccess: () => setReview(null) });

  return (
    <Stack gap="xs">
      <form onSubmit={reviewMove} noValidate>
        <Group align="flex-end">
          <TextInput
            label={`${verb} amount (USD), ${app.name}`}
            {...form.register('amount')}
            error={form.formState.errors.amount?.message}
          />
          <Button variant="default" type="submit">
            {`Review ${noun}`}
          </Button>
        </Group>
      </form>
      {review && (
        <MoneyReviewDialog
          opened
          title={`Review the ${noun}`}
          what={direction === 'deposit' ? 'deposit' : 'withdrawal'}
          summary={{ cents, consoleRequestId: review.key }}
          submission={submission}
          onConfirm={() => submission.confirm(review)}
          onBack={() => setReview(null)}
          approval={{
            // Said up front, as a payment's review says it: above the limit the review submits for approval.
            needed:
              submission.needsApproval ||
              approvalNeed(cents, direction === 'deposit' ? 'deposit' : 'withdrawal').needed,
            submitting: submitApproval.isPending,
            error: submitApproval.error,
            onSubmit: submitForApproval,
          }}
        >
          <Text>{`${direction === 'deposit' ? 'From' : 'To'} ${account}`}</Text>
          <Text>
            {`${possessive(app.name)} wallet: ${formatCents(app.balance)} now, ${formatCents(after)} after`}
            {direction === 'deposit'
              ? ` (${formatCents(app.balance + cents)} once the deposit completes)`
              : ''}
          </Text>
          <Text size="sm">{`Request id ${review.key}`}</Text>
        </MoneyReviewDialog>
      )}
      {made && (
        <Text role="status" ref={outcome} tabIndex={-1}>
          {direction === 'deposit'
            ? `Deposit of ${formatCents(made.cents)} made: pending until it arrives. `
            : `Withdrawal of ${formatCents(made.cents)} made: on its way to ${account}. `}
          <Link href={`/transfers/${made.id}`}>Open transfer</Link>
        </Text>
      )}
      {waiting && <SubmittedForApproval requestId={waiting} ref={outcome} />}
      <Text size="sm" c="dimmed">
        <Money cents={app.balance} /> in the wallet now.
      </Text>
    </Stack>
  );
}
