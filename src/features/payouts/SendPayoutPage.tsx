import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useLocation, useSearchParams } from 'wouter';
import { movedMoney, useApprovalHint, useApprovalNeed, useSubmitForApproval } from '../../api/approvals';
import type { ApiError } from '../../api/client';
import { payoutMoney } from '../../api/payouts';
import type { PayoutMethod, Transfer } from '../../api/schemas';
import type { PickerOption } from '../../api/search-source';
import { transferQueries } from '../../api/transfers';
import { userQueries, useUserSource } from '../../api/users';
import { useWallets } from '../../api/wallets';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { keepFocusOnControlPress } from '../../components/keep-focus-on-control-press';
import type { PayoutSummary } from '../../components/PayoutDetails';
import { placeFieldErrors } from '../../components/place-field-errors';
import { SearchPicker } from '../../components/SearchPicker';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { type Prepared, useMoneySubmission } from '../../components/use-money-submission';
import { formatCents } from '../../lib/money';
import { describePayoutMethod } from '../../lib/payout-methods';
import type { CreatePayoutRequest } from '../../lib/payout-request';
import { payoutAmount, walletAfter } from '../../lib/payout-rules';
import { isUuid } from '../../lib/uuid';
import { payoutOfForm } from './form-payout';
import { PayoutMethodChoice } from './PayoutMethodChoice';
import {
  emptyPayoutForm,
  PAYOUT_FIELD_BY_API_PATH,
  type PayoutFormValues,
  payoutFormSchema,
} from './payout-form-schema';
import { ReviewPayoutDialog } from './ReviewPayoutDialog';
import { WalletSelect } from './WalletSelect';

interface Review {
  prepared: Prepared<CreatePayoutRequest>;
  summary: PayoutSummary;
}

/**
 * Send payout: the payee by name, email or phone; their saved methods, masked; the amount, with the wallet it comes
 * from before and after; a review that names the payee, the method and the amount; then the transfer. Above the
 * approval limit the review submits it for another member's approval instead.
 */
export function SendPayoutPage() {
  const users = useUserSource();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const approvalNeed = useApprovalNeed();
  const approvalHint = useApprovalHint();
  const submitApproval = useSubmitForApproval('payout');
  const { wallets, preferred, error: walletsError } = useWallets();
  const form = useForm<PayoutFormValues>({
    shouldFocusError: false,
    resolver: zodResolver(payoutFormSchema),
    defaultValues: emptyPayoutForm(params.get('user_id') ?? ''),
    mode: 'onTouched',
  });
  const formRef = useFocusFirstInvalid(form.formState.submitCount);
  const { errors } = form.formState;
  const [userId, amount, appId] = useWatch({ control: form.control, name: ['userId', 'amount', 'appId'] });
  const validUserId = isUuid(userId) ? userId.trim().toLowerCase() : null;
  const [payeeShown, setPayeeShown] = useState<PickerOption | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [pageError, setPageError] = useState<unknown>(null);

  // The wallet: the session's app, else the organization's first; the operator may choose another.
  useEffect(() => {
    if (appId === '' && preferred) form.setValue('appId', preferred.appId);
  }, [appId, preferred, form]);
  const wallet = wallets.find((w) => w.appId === appId) ?? null;
  const parsed = payoutAmount(amount, wallet?.cents ?? null);
  const after = parsed.ok ? walletAfter(wallet?.cents ?? null, parsed.cents) : null;

  const onCreated = (transfer: Transfer) => {
    queryClient.setQueryData(transferQueries.detail(transfer.id).queryKey, transfer);
    void queryClient.invalidateQueries({ queryKey: ['apps'] });
    void movedMoney(queryClient);
    setReview(null);
    form.reset(emptyPayoutForm());
    navigate(`/transfers/${transfer.id}`);
  };
  const onRefused = (error: ApiError) => {
    setReview(null);
    if (error.status === 400 || error.status === 409) {
      const unplaced = placeFieldErrors(error, form.setError, (path) => PAYOUT_FIELD_BY_API_PATH[path]);
      if (unplaced || Object.keys(error.fieldErrors).length === 0) setPageError(error);
    } else if (error.status === 403) setPageError(error);
    void queryClient.invalidateQueries({ queryKey: ['apps'] });
  };
  const submission = useMoneySubmission(payoutMoney, { onCreated, onRefused });

  const openReview = form.handleSubmit((values) => {
    setPageError(null);
    const cents = payoutAmount(values.amount, wallet?.cents ?? null);
    if (!cents.ok) {
      form.setError('amount', { message: cents.problem }, { shouldFocus: true });
      return;
    }
    const payeeId = values.userId.trim().toLowerCase();
    const made = payoutOfForm(values, {
      cents: cents.cents,
      methods: queryClient.getQueryData<PayoutMethod[]>(userQueries.payoutMethods(payeeId).queryKey),
    });
    if (!made.ok) {
      form.setError(made.field, { message: made.message });
      return;
    }
    const { payout: draft, method, byDefault } = made;
    const prepared = submission.prepare(draft, { appId: values.appId });
    const user = queryClient.getQueryData(userQueries.detail(payeeId).queryKey);
    setReview({
      prepared,
      summary: {
        cents: cents.cents,
        payeeId,
        payeeName: payeeShown?.name ?? null,
        payeeEmail: payeeShown?.detail ?? null,
        payeeStatus: payeeShown?.status ?? user?.status ?? null,
        method: method
          ? `${byDefault ? 'Their default: ' : ''}${describePayoutMethod(method)}`
          : 'Their default method',
        wallet: wallet ? { appName: wallet.appName, beforeCents: wallet.cents } : undefined,
        metadata: Object.entries(draft.metadata),
        consoleRequestId: prepared.key,
      },
    });
  });

  const amountHint = parsed.ok
    ? after !== null && wallet
      ? `Sends ${parsed.cents.toLocaleString('en-US')} cents; the wallet keeps ${formatCents(after)}`
      : `Sends ${parsed.cents.toLocaleString('en-US')} cents`
    : 'In dollars, like 1,250.05';

  return (
    <Stack maw={720}>
      <Title order={1}>Send payout</Title>
      <Text c="dimmed">Pay a user to one of their saved payout methods, from an app&apos;s wallet.</Text>
      {pageError !== null && <ApiErrorAlert error={pageError} />}
      <form ref={formRef} noValidate onSubmit={openReview} onMouseDown={keepFocusOnControlPress}>
        <Stack>
          <Paper withBorder p="md">
            <Stack>
              <Controller
                control={form.control}
                name="userId"
                render={({ field }) => (
                  <SearchPicker
                    source={users}
                    label="Payee"
                    required
                    value={field.value}
                    onChange={(id, option) => {
                      field.onChange(id);
                      setPayeeShown(option);
                      form.setValue('methodId', '');
                    }}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.userId?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="methodId"
                render={({ field }) => (
                  <PayoutMethodChoice
                    userId={validUserId}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.methodId?.message}
                  />
                )}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <TextInput
                label="Amount (USD)"
                required
                inputMode="decimal"
                leftSection="$"
                description={approvalHint ? `${amountHint}. ${approvalHint}` : amountHint}
                {...form.register('amount')}
                error={errors.amount?.message}
              />
              <Controller
                control={form.control}
                name="appId"
                render={({ field }) => (
                  <WalletSelect
                    wallets={wallets}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.appId?.message}
                    loadError={walletsError}
                  />
                )}
              />
              <TextInput
                label="Reference"
                description="Optional: an invoice or a ticket, kept with the payout (metadata.reference)"
                maxLength={200}
                {...form.register('reference')}
                error={errors.reference?.message}
              />
            </Stack>
          </Paper>
          <Group>
            <Button type="submit">Review payout</Button>
          </Group>
        </Stack>
      </form>
      <ReviewPayoutDialog
        summary={review?.summary ?? null}
        submission={submission}
        onBack={() => setReview(null)}
        onConfirm={() => review && submission.confirm(review.prepared)}
        approval={{
          needed: Boolean(review && (submission.needsApproval || approvalNeed(review.summary.cents).needed)),
          error: submitApproval.error,
          submitting: submitApproval.isPending,
          onSubmit: () =>
            review &&
            submitApproval.mutate(
              { payout: review.prepared.body, app_id: review.prepared.route.appId },
              { onSuccess: (made) => navigate(`/approvals/${made.id}`) },
            ),
        }}
      />
    </Stack>
  );
}
