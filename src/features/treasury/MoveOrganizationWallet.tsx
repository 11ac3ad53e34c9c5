import '@mantine/core/styles/SegmentedControl.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useApprovalNeed, useSubmitForApproval } from '../../api/approvals';
import {
  type OrganizationMove,
  type OrganizationMoveBody,
  organizationTransferMoney,
} from '../../api/wallet-moves';
import { MoneyReviewDialog } from '../../components/MoneyReviewDialog';
import { Select } from '../../components/Select';
import { SubmittedForApproval } from '../../components/SubmittedForApproval';
import { type Prepared, useMoneySubmission } from '../../components/use-money-submission';
import { formatCents } from '../../lib/money';
import { possessive } from '../../lib/words';
import type { z } from '../../lib/zod';
import { type OrganizationMoveValues, organizationMoveSchema, sourceWallet } from './wallet-move-forms';

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
  const schema = organizationMoveSchema(organization, apps);
  const form = useForm<OrganizationMoveValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { appId: apps[0]?.id ?? '', direction: 'to-app', amount: '' },
  });
  const [review, setReview] = useState<Prepared<OrganizationMoveBody> | null>(null);
  const [made, setMade] = useState<{ id: string; words: string } | null>(null);
  const submitApproval = useSubmitForApproval('organization-transfer');
  const waiting = submitApproval.data?.id ?? null;
  const [appId, direction] = form.watch(['appId', 'direction']);
  const app = apps.find((a) => a.id === appId) ?? apps[0];
  const from = sourceWallet(organization, app, direction);
  const to = direction === 'to-app' ? app : organization;
  const submission = useMoneySubmission<OrganizationMove, OrganizationMoveBody>(organizationTransferMoney, {
    onCreated: (transfer) => {
      // The notice names what moved, and the amount is cleared for the next move rather than inviting a second one.
      const moved = formatCents(Math.abs(review?.body.amount ?? transfer.amount));
      setMade({
        id: transfer.id,
        words: `Moved ${moved} from ${possessive(from?.name ?? 'the app')} wallet to ${possessive(to?.name ?? 'the organization')} wallet.`,
      });
      setReview(null);
      form.setValue('amount', '');
      void queryClient.invalidateQueries({ queryKey: ['wallets'] });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    },
    onRefused: () => undefined,
  });
  const cents = Math.abs(review?.body.amount ?? 0);

  const reviewMove = form.handleSubmit((move) => {
    if (!app) return;
    setMade(null);
    submitApproval.reset();
    const signed = move.direction === 'to-app' ? -move.amount : move.amount;
    setReview(submission.prepare({ appId: app.id, cents: signed }, { appId: app.id }));
  });
  const submitForApproval = () =>
    review &&
    submitApproval.mutate(
      { body: review.body, app_id: review.body.api_app_id },
      { onSuccess: () => setReview(null) },
    );

  if (!app || !from || !to) return null;
  return (
    <Stack gap="xs">
      <form onSubmit={reviewMove} noValidate>
        <Stack gap="xs">
          <Controller
            control={form.control}
            name="appId"
            render={({ field }) => (
              <Select
                label="App wallet"
                data={apps.map((a) => ({ value: a.id, label: a.name }))}
                value={app.id}
                onChange={(value) => {
                  field.onChange(value ?? app.id);
                  setReview(null);
                }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="direction"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Which way, organization and app"
                data={[
                  { value: 'to-app', label: 'To the app' },
                  { value: 'to-organization', label: 'To the organization' },
                ]}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  setReview(null);
                }}
              />
            )}
          />
          <TextInput
            label="Amount to move (USD)"
            {...form.register('amount')}
            error={form.formState.errors.amount?.message}
          />
          <Button variant="default" type="submit">
            Review move
          </Button>
        </Stack>
      </form>
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
            submitting: submitApproval.isPending,
            error: submitApproval.error,
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
      {waiting && <SubmittedForApproval requestId={waiting} />}
    </Stack>
  );
}
