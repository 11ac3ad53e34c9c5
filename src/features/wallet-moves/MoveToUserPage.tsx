import '@mantine/core/styles/SegmentedControl.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useSubmitForApproval } from '../../api/approvals';
import { ledgerQueries } from '../../api/ledger';
import { useUserSource } from '../../api/users';
import { type UserWalletBody, type UserWalletMove, userTransferMoney } from '../../api/wallet-moves';
import { MoneyReviewDialog } from '../../components/MoneyReviewDialog';
import { SearchPicker } from '../../components/SearchPicker';
import { Select } from '../../components/Select';
import { SubmittedForApproval } from '../../components/SubmittedForApproval';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { type Prepared, useMoneySubmission } from '../../components/use-money-submission';
import { formatCents } from '../../lib/money';
import { possessive } from '../../lib/words';
import {
  EMPTY_MOVE_TO_USER,
  type MoveToUser,
  type MoveToUserValues,
  moveToUserSchema,
  signedCents,
} from './move-to-user-form';

/**
 * Move money between an app's wallet and a user's: a user by name, the amount, which way; a review naming both
 * wallets, then the transfer, through the one money submission (its key looked up after an unknown answer).
 */
export function MoveToUserPage() {
  const queryClient = useQueryClient();
  const users = useUserSource();
  const wallets = useQuery(ledgerQueries.wallets());
  const form = useForm<MoveToUserValues, unknown, MoveToUser>({
    resolver: zodResolver(moveToUserSchema),
    defaultValues: EMPTY_MOVE_TO_USER,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount);
  const [review, setReview] = useState<(Prepared<UserWalletBody> & { move: MoveToUser }) | null>(null);
  const [made, setMade] = useState<{ id: string; words: string } | null>(null);
  const submitApproval = useSubmitForApproval('transfer');
  const waiting = submitApproval.data?.id ?? null;
  const apps = wallets.data?.apps ?? [];
  const chosenApp = form.watch('appId');
  const app = apps.find((a) => a.id === chosenApp) ?? apps[0];
  const submission = useMoneySubmission<UserWalletMove, UserWalletBody>(userTransferMoney, {
    onCreated: (transfer) => {
      // The notice names what moved, and the form is cleared for the next move rather than inviting a second one.
      const moved = formatCents(Math.abs(review?.body.amount ?? transfer.amount));
      const appName = possessive(app?.name ?? 'the app');
      const userName = possessive(review?.move.userName ?? '');
      setMade({
        id: transfer.id,
        words:
          review?.move.direction === 'from-user'
            ? `Moved ${moved} from ${userName} wallet to ${appName} wallet.`
            : `Moved ${moved} from ${appName} wallet to ${userName} wallet.`,
      });
      setReview(null);
      form.reset({
        ...EMPTY_MOVE_TO_USER,
        appId: form.getValues('appId'),
        direction: review?.move.direction,
      });
      void queryClient.invalidateQueries({ queryKey: ['wallets'] });
      void queryClient.invalidateQueries({ queryKey: ['users', review?.move.userId] });
    },
    onRefused: () => undefined,
  });
  const cents = Math.abs(review?.body.amount ?? 0);

  const reviewMove = form.handleSubmit((move) => {
    setMade(null);
    submitApproval.reset();
    setReview({
      ...submission.prepare({ userId: move.userId, cents: signedCents(move) }, { appId: app?.id }),
      move,
    });
  });
  const submitForApproval = () =>
    review &&
    submitApproval.mutate({ body: review.body, app_id: app?.id }, { onSuccess: () => setReview(null) });

  return (
    <Stack>
      <Title order={1}>Move to a user&apos;s wallet</Title>
      <Paper withBorder p="md">
        <form ref={formRef} onSubmit={reviewMove} noValidate>
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="userId"
              render={({ field }) => (
                <SearchPicker
                  source={users}
                  label="User"
                  required
                  value={field.value}
                  error={errors.userId?.message}
                  onChange={(id, option) => {
                    field.onChange(id);
                    form.setValue('userName', option?.name ?? id);
                  }}
                />
              )}
            />
            {apps.length > 1 && (
              <Controller
                control={form.control}
                name="appId"
                render={({ field }) => (
                  <Select
                    label="App wallet"
                    data={apps.map((a) => ({ value: a.id, label: a.name }))}
                    value={app?.id ?? null}
                    onChange={field.onChange}
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="direction"
              render={({ field }) => (
                <SegmentedControl
                  aria-label="Which way"
                  data={[
                    { value: 'to-user', label: 'To the user' },
                    { value: 'from-user', label: 'From the user' },
                  ]}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <TextInput label="Amount (USD)" {...form.register('amount')} error={errors.amount?.message} />
            <Button type="submit">Review move</Button>
          </Stack>
        </form>
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
          approval={{
            needed: submission.needsApproval,
            submitting: submitApproval.isPending,
            error: submitApproval.error,
            onSubmit: submitForApproval,
          }}
        >
          <Text>
            {review.move.direction === 'to-user'
              ? `From ${possessive(app?.name ?? 'the app')} wallet to ${possessive(review.move.userName)} wallet`
              : `From ${possessive(review.move.userName)} wallet to ${possessive(app?.name ?? 'the app')} wallet`}
          </Text>
          {app && (
            <Text>{`${possessive(app.name)} wallet: ${formatCents(app.balance)} now, ${formatCents(app.balance + (review.move.direction === 'to-user' ? -cents : cents))} after`}</Text>
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
      {waiting && <SubmittedForApproval requestId={waiting} />}
    </Stack>
  );
}
