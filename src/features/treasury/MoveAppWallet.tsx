import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../api/client';
import { moveAppWallet, submitMoveForApproval } from '../../api/ledger';
import { findByConsoleRequestId } from '../../api/transfers';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Money } from '../../components/Money';
import { formatCents, parseDollars } from '../../lib/money';
import { classifyAnswer } from '../../lib/payment-answer';

type Direction = 'deposit' | 'withdraw';

/**
 * Deposit into an app's wallet from its bank account, or withdraw to it: the amount, a review naming the account and
 * the wallet before and after, then the transfer. One key per reviewed body, reused by a resend; an unknown answer is
 * looked up by that key before anything is sent again (the service refuses a key it has seen). Above the limit the
 * review submits it for approval.
 */
export function MoveAppWallet({
  app,
  account,
}: {
  app: { id: string; name: string; balance: number };
  account: string;
}) {
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<Direction>('deposit');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [review, setReview] = useState<{ cents: number; key: string; direction: Direction } | null>(null);
  const [outcome, setOutcome] = useState<
    | { kind: 'made'; id: string; status: string }
    | { kind: 'waiting'; id: string }
    | { kind: 'unknown' }
    | null
  >(null);
  const [error, setError] = useState<unknown>(null);
  const [needsApproval, setNeedsApproval] = useState(false);
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  const verb = direction === 'deposit' ? 'Deposit' : 'Withdraw';
  const after = review ? app.balance + (review.direction === 'withdraw' ? -review.cents : 0) : app.balance;

  const done = () => {
    void queryClient.invalidateQueries({ queryKey: ['wallets'] });
    void queryClient.invalidateQueries({ queryKey: ['transactions'] });
  };

  const confirm = async () => {
    if (!review || busy.current) return;
    busy.current = true;
    setSending(true);
    setError(null);
    try {
      const made = await moveAppWallet(review.direction, app.id, {
        amount: review.cents,
        idempotency_key: review.key,
      });
      setOutcome({ kind: 'made', id: made.id, status: made.status ?? '' });
      setReview(null);
      done();
    } catch (failure) {
      const status = failure instanceof ApiError ? failure.status : null;
      const kind = classifyAnswer(status);
      if (failure instanceof ApiError && failure.code === 'approval-required') setNeedsApproval(true);
      else if (
        kind === 'unknown' ||
        (failure instanceof ApiError && failure.code === 'idempotency-key-used')
      ) {
        // It may have been made: looked for by its key before anything is sent again.
        const found = await findByConsoleRequestId(review.key).catch(() => undefined);
        if (found) {
          setOutcome({ kind: 'made', id: found.id, status: found.status ?? '' });
          setReview(null);
          done();
        } else setOutcome({ kind: 'unknown' });
      } else setError(failure);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const submit = async () => {
    if (!review || busy.current) return;
    busy.current = true;
    setSending(true);
    try {
      const made = await submitMoveForApproval({
        move: review.direction === 'deposit' ? 'deposit' : 'withdrawal',
        body: { amount: review.cents, idempotency_key: review.key },
        app_id: app.id,
      });
      setOutcome({ kind: 'waiting', id: made.id });
      setReview(null);
      setNeedsApproval(false);
    } catch (failure) {
      setError(failure);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={`Deposit or withdraw, ${app.name}`}
        data={[
          { value: 'deposit', label: 'Deposit' },
          { value: 'withdraw', label: 'Withdraw' },
        ]}
        value={direction}
        onChange={(value) => {
          setDirection(value as Direction);
          setReview(null);
          setNeedsApproval(false);
        }}
      />
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
            setOutcome(null);
            setError(null);
            setNeedsApproval(false);
            // One key per reviewed body: the same amount and direction keep theirs.
            setReview((before) =>
              before && before.cents === parsed.cents && before.direction === direction
                ? before
                : { cents: parsed.cents, key: crypto.randomUUID(), direction },
            );
          }}
        >
          {`Review ${verb.toLowerCase()}`}
        </Button>
      </Group>
      {review && (
        <Alert color="blue" title={`Review: ${verb.toLowerCase()} ${formatCents(review.cents)}`}>
          <Stack gap={4}>
            <Text>{`${review.direction === 'deposit' ? 'From' : 'To'} ${account}`}</Text>
            <Text>
              {`${app.name}'s wallet: ${formatCents(app.balance)} now, ${formatCents(after)} after`}
              {review.direction === 'deposit'
                ? ` (${formatCents(app.balance + review.cents)} once the deposit completes)`
                : ''}
            </Text>
            <Text size="sm">{`Request id ${review.key}`}</Text>
            <Group>
              {needsApproval ? (
                <Button
                  loading={sending}
                  onClick={submit}
                >{`Submit for approval (${formatCents(review.cents)})`}</Button>
              ) : (
                <Button
                  loading={sending}
                  onClick={confirm}
                >{`Confirm ${verb.toLowerCase()} of ${formatCents(review.cents)}`}</Button>
              )}
              <Button variant="default" onClick={() => setReview(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {needsApproval && <Text>Above your approval limit: another member approves it before it moves.</Text>}
      {error !== null && <ApiErrorAlert error={error} />}
      {outcome?.kind === 'made' && (
        <Text role="status">
          {`${verb === 'Deposit' ? 'Deposit' : 'Withdrawal'} made, ${outcome.status}: `}
          <Link href={`/transfers/${outcome.id}`}>Open transfer</Link>
        </Text>
      )}
      {outcome?.kind === 'waiting' && (
        <Text role="status">
          {'Submitted for approval: '}
          <Link href={`/approvals/${outcome.id}`}>Open request</Link>
        </Text>
      )}
      {outcome?.kind === 'unknown' && (
        <Alert color="orange" title="No answer">
          It may have been made: nothing is sent again until it is found. Confirm again to look it up by its
          request id.
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        <Money cents={app.balance} /> in the wallet now.
      </Text>
    </Stack>
  );
}
