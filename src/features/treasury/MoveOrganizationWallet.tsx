import '@mantine/core/styles/SegmentedControl.css';
import { Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApprovalNeed } from '../../api/approvals';
import { submitMoveForApproval } from '../../api/ledger';
import {
  type OrganizationMove,
  type OrganizationMoveBody,
  organizationTransferMoney,
} from '../../api/wallet-moves';
import { MoneyReviewDialog } from '../../components/MoneyReviewDialog';
import { Select } from '../../components/Select';
import { type Prepared, useMoneySubmission } from '../../components/use-money-submission';
import { formatCents, parseDollars } from '../../lib/money';
import { possessive } from '../../lib/words';

type Direction = 'to-app' | 'to-organization';

interface Wallet {
  id: string;
  name: string;
  balance: number;
}

/**
 * Money between the organization's wallet and an app's, either way, through the one money submission: the app, the
 * way, the amount; a review naming both wallets before and after, then the organization transfer (its key looked up
 * after an unknown answer); above the limit the review submits it for approval.
 */
export function MoveOrganizationWallet({
  organization,
  apps,
}: {
  organization: Wallet;
  apps: readonly Wallet[];
}) {
  const queryClient = useQueryClient();
  const approvalNeed = useApprovalNeed();
  const [appId, setAppId] = useState<string | null>(apps[0]?.id ?? null);
  const [direction, setDirection] = useState<Direction>('to-app');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [review, setReview] = useState<Prepared<OrganizationMoveBody> | null>(null);
  const [made, setMade] = useState<{ id: string; words: string } | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const [approval, setApproval] = useState<{ submitting: boolean; error: unknown }>({
    submitting: false,
    error: null,
  });
  const submission = useMoneySubmission<OrganizationMove, OrganizationMoveBody>(organizationTransferMoney, {
    onCreated: (transfer) => {
      // The notice names what moved, and the amount is cleared for the next move rather than inviting a second one.
      const moved = formatCents(Math.abs(review?.body.amount ?? transfer.amount));
      setMade({
        id: transfer.id,
        words: `Moved ${moved} from ${possessive(from?.name ?? 'the app')} wallet to ${possessive(to?.name ?? 'the organization')} wallet.`,
      });
      setReview(null);
      setAmount('');
      void queryClient.invalidateQueries({ queryKey: ['wallets'] });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    },
    onRefused: () => undefined,
  });
  const app = apps.find((a) => a.id === appId) ?? apps[0];
  const [from, to] = direction === 'to-app' ? [organization, app] : [app, organization];
  const cents = Math.abs(review?.body.amount ?? 0);

  const submitForApproval = async () => {
    if (!review) return;
    setApproval({ submitting: true, error: null });
    try {
      const request = await submitMoveForApproval({
        move: 'organization-transfer',
        body: { ...review.body },
        app_id: review.body.api_app_id,
      });
      setWaiting(request.id);
      setReview(null);
      setApproval({ submitting: false, error: null });
    } catch (error) {
      setApproval({ submitting: false, error });
    }
  };

  if (!app || !from || !to) return null;
  return (
    <Stack gap="xs">
      <Select
        label="App wallet"
        data={apps.map((a) => ({ value: a.id, label: a.name }))}
        value={app.id}
        onChange={(value) => {
          setAppId(value);
          setReview(null);
        }}
      />
      <SegmentedControl
        aria-label="Which way, organization and app"
        data={[
          { value: 'to-app', label: 'To the app' },
          { value: 'to-organization', label: 'To the organization' },
        ]}
        value={direction}
        onChange={(value) => {
          setDirection(value as Direction);
          setReview(null);
        }}
      />
      <TextInput
        label="Amount to move (USD)"
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
          if (parsed.cents > from.balance) {
            return setProblem(
              `More than the ${formatCents(from.balance)} in ${possessive(from.name)} wallet`,
            );
          }
          setMade(null);
          setWaiting(null);
          const signed = direction === 'to-app' ? -parsed.cents : parsed.cents;
          setReview(submission.prepare({ appId: app.id, cents: signed }, { appId: app.id }));
        }}
      >
        Review move
      </Button>
      {review && (
        <MoneyReviewDialog
          opened
          title={'Review the move'}
          what="transfer"
          summary={{ cents, consoleRequestId: review.key }}
          submission={submission}
          onConfirm={() => submission.confirm(review)}
          onBack={() => setReview(null)}
          approval={{
            // Said up front, as a payment's review says it: above the limit the review submits for approval.
            needed: submission.needsApproval || approvalNeed(cents, 'move').needed,
            ...approval,
            onSubmit: submitForApproval,
          }}
        >
          <Text>{`From ${possessive(from.name)} wallet to ${possessive(to.name)} wallet`}</Text>
          <Text>{`${from.name}: ${formatCents(from.balance)} now, ${formatCents(from.balance - cents)} after`}</Text>
          <Text>{`${to.name}: ${formatCents(to.balance)} now, ${formatCents(to.balance + cents)} after`}</Text>
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
