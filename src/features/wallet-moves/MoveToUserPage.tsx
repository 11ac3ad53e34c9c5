import '@mantine/core/styles/SegmentedControl.css';
import { Button, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { ledgerQueries, submitMoveForApproval } from '../../api/ledger';
import { useUserSource } from '../../api/users';
import { type UserWalletBody, type UserWalletMove, userTransferMoney } from '../../api/wallet-moves';
import { MoneyReviewDialog } from '../../components/MoneyReviewDialog';
import { SearchPicker } from '../../components/SearchPicker';
import { Select } from '../../components/Select';
import { type Prepared, useMoneySubmission } from '../../components/use-money-submission';
import { formatCents, parseDollars } from '../../lib/money';
import { possessive } from '../../lib/words';

type Direction = 'to-user' | 'from-user';

/**
 * Move money between an app's wallet and a user's: a user by name, the amount, which way; a review naming both
 * wallets, then the transfer, through the one money submission (its key looked up after an unknown answer).
 */
export function MoveToUserPage() {
  const queryClient = useQueryClient();
  const users = useUserSource();
  const wallets = useQuery(ledgerQueries.wallets());
  const [userId, setUserId] = useState('');
  const [userName, setUserName] = useState('');
  const [appId, setAppId] = useState<string | null>(null);
  const [direction, setDirection] = useState<Direction>('to-user');
  const [amount, setAmount] = useState('');
  const [problems, setProblems] = useState<{ user?: string; amount?: string }>({});
  const [review, setReview] = useState<Prepared<UserWalletBody> | null>(null);
  const [made, setMade] = useState<{ id: string; words: string } | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const [approval, setApproval] = useState<{ submitting: boolean; error: unknown }>({
    submitting: false,
    error: null,
  });
  const submission = useMoneySubmission<UserWalletMove, UserWalletBody>(userTransferMoney, {
    onCreated: (transfer) => {
      // The notice names what moved, and the form is cleared for the next move rather than inviting a second one.
      const moved = formatCents(Math.abs(review?.body.amount ?? transfer.amount));
      const appName = possessive(app?.name ?? 'the app');
      setMade({
        id: transfer.id,
        words:
          direction === 'to-user'
            ? `Moved ${moved} from ${appName} wallet to ${possessive(userName)} wallet.`
            : `Moved ${moved} from ${possessive(userName)} wallet to ${appName} wallet.`,
      });
      setReview(null);
      setUserId('');
      setUserName('');
      setAmount('');
      void queryClient.invalidateQueries({ queryKey: ['wallets'] });
      void queryClient.invalidateQueries({ queryKey: ['users', userId] });
    },
    onRefused: () => undefined,
  });
  const apps = wallets.data?.apps ?? [];
  const app = apps.find((a) => a.id === appId) ?? apps[0];
  const cents = Math.abs(review?.body.amount ?? 0);

  const submitForApproval = async () => {
    if (!review) return;
    setApproval({ submitting: true, error: null });
    try {
      const request = await submitMoveForApproval({
        move: 'transfer',
        body: { ...review.body },
        ...(app ? { app_id: app.id } : {}),
      });
      setWaiting(request.id);
      setReview(null);
      setApproval({ submitting: false, error: null });
    } catch (error) {
      setApproval({ submitting: false, error });
    }
  };

  return (
    <Stack>
      <Title order={1}>Move to a user&apos;s wallet</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <SearchPicker
            source={users}
            label="User"
            required
            value={userId}
            error={problems.user}
            onChange={(id, option) => {
              setUserId(id);
              setUserName(option?.name ?? id);
              setProblems((p) => ({ ...p, user: undefined }));
            }}
          />
          {apps.length > 1 && (
            <Select
              label="App wallet"
              data={apps.map((a) => ({ value: a.id, label: a.name }))}
              value={app?.id ?? null}
              onChange={(value) => setAppId(value)}
            />
          )}
          <SegmentedControl
            aria-label="Which way"
            data={[
              { value: 'to-user', label: 'To the user' },
              { value: 'from-user', label: 'From the user' },
            ]}
            value={direction}
            onChange={(value) => setDirection(value as Direction)}
          />
          <TextInput
            label="Amount (USD)"
            value={amount}
            error={problems.amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setProblems((p) => ({ ...p, amount: undefined }));
            }}
          />
          <Button
            onClick={() => {
              const parsed = parseDollars(amount);
              const found = {
                ...(userId ? {} : { user: 'Choose the user' }),
                ...(parsed.ok ? {} : { amount: parsed.problem }),
              };
              setProblems(found);
              if (!parsed.ok || !userId) return;
              setMade(null);
              setWaiting(null);
              const signed = direction === 'to-user' ? -parsed.cents : parsed.cents;
              setReview(submission.prepare({ userId, cents: signed }, { appId: app?.id }));
            }}
          >
            Review move
          </Button>
        </Stack>
      </Paper>
      {review && (
        <MoneyReviewDialog
          opened
          title={'Review the move'}
          what="transfer"
          summary={{ cents, consoleRequestId: review.key }}
          submission={submission}
          onConfirm={() => submission.confirm(review)}
          onBack={() => setReview(null)}
          approval={{ needed: submission.needsApproval, ...approval, onSubmit: submitForApproval }}
        >
          <Text>
            {direction === 'to-user'
              ? `From ${possessive(app?.name ?? 'the app')} wallet to ${possessive(userName)} wallet`
              : `From ${possessive(userName)} wallet to ${possessive(app?.name ?? 'the app')} wallet`}
          </Text>
          {app && (
            <Text>{`${possessive(app.name)} wallet: ${formatCents(app.balance)} now, ${formatCents(app.balance + (direction === 'to-user' ? -cents : cents))} after`}</Text>
          )}
          <Text size="sm">{`Request id ${review.key}`}</Text>
        </MoneyReviewDialog>
      )}
      {made && (
        <Text role="status">
          {`${made.words} `}
          <Link href={`/transfers/${made.id}`}>Open transfer</Link>
        </Text>
      )}
      {waiting && (
        <Text role="status">
          {'Submitted for approval: '}
          <Link href={`/approvals/${waiting}`}>Open request</Link>
        </Text>
      )}
    </Stack>
  );
}
