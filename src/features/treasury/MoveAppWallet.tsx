import '@mantine/core/styles/SegmentedControl.css';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useApprovalNeed } from '../../api/approvals';
import { submitMoveForApproval } from '../../api/ledger';
import {
  type AppWalletBody,
  type AppWalletMove,
  depositMoney,
  withdrawalMoney,
} from '../../api/wallet-moves';
import { Money } from '../../components/Money';
import { MoneyReviewDialog } from '../../components/MoneyReviewDialog';
import { type Prepared, useMoneySubmission } from '../../components/use-money-submission';
import { formatCents, parseDollars } from '../../lib/money';
import { possessive } from '../../lib/words';

type Direction = 'deposit' | 'withdraw';

/**
 * Deposit into an app's wallet from its bank account, or withdraw to it, through the one money submission: the
 * amount, a review naming the account and the wallet before and after, then the transfer; above the limit the review
 * submits it for approval.
 */
export function MoveAppWallet({
  app,
  account,
}: {
  app: { id: string; name: string; balance: number };
  account: string;
}) {
  const [direction, setDirection] = useState<Direction>('deposit');
  // The amount typed outlives a change of direction: switching to look at the other way loses nothing.
  const [amount, setAmount] = useState('');
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={`Deposit or withdraw, ${app.name}`}
        data={[
          { value: 'deposit', label: 'Deposit' },
          { value: 'withdraw', label: 'Withdraw' },
        ]}
        value={direction}
        onChange={(value) => setDirection(value as Direction)}
      />
      {/* One form per direction: each keeps its own key and its own unknown outcome. */}
      <MoveForm
        key={direction}
        app={app}
        account={account}
        direction={direction}
        amount={amount}
        setAmount={setAmount}
      />
    </Stack>
  );
}

function MoveForm({
  app,
  account,
  direction,
  amount,
  setAmount,
}: {
  app: { id: string; name: string; balance: number };
  account: string;
  direction: Direction;
  amount: string;
  setAmount: (amount: string) => void;
}) {
  const queryClient = useQueryClient();
  const approvalNeed = useApprovalNeed();
  const [problem, setProblem] = useState<string | null>(null);
  const [review, setReview] = useState<Prepared<AppWalletBody> | null>(null);
  const [made, setMade] = useState<{ id: string; cents: number } | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const [approval, setApproval] = useState<{ submitting: boolean; error: unknown }>({
    submitting: false,
    error: null,
  });
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
        setAmount('');
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

  const submitForApproval = async () => {
    if (!review) return;
    setApproval({ submitting: true, error: null });
    try {
      const request = await submitMoveForApproval({
        move: direction === 'deposit' ? 'deposit' : 'withdrawal',
        body: { ...review.body },
        app_id: app.id,
      });
      setWaiting(request.id);
      setReview(null);
      setApproval({ submitting: false, error: null });
    } catch (error) {
      setApproval({ submitting: false, error });
    }
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <TextInput
          label={`${verb} amount (USD), ${app.name}`}
          value={amount}
          error={problem}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setProblem(null);
          }}
        />
        <Button
          variant="default"
          onClick={() => {
            const parsed = parseDollars(amount);
            if (!parsed.ok) return setProblem(parsed.problem);
            if (direction === 'withdraw' && parsed.cents > app.balance) {
              return setProblem(`More than the ${formatCents(app.balance)} in the wallet`);
            }
            setMade(null);
            setWaiting(null);
            setReview(submission.prepare({ appId: app.id, cents: parsed.cents }, { appId: app.id }));
          }}
        >
          {`Review ${noun}`}
        </Button>
      </Group>
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
            ...approval,
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
      {waiting && (
        <Text role="status" ref={outcome} tabIndex={-1}>
          {'Submitted for approval: '}
          <Link href={`/approvals/${waiting}`}>Open request</Link>
        </Text>
      )}
      <Text size="sm" c="dimmed">
        <Money cents={app.balance} /> in the wallet now.
      </Text>
    </Stack>
  );
}
