import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useState } from 'react';
import {
  Controller,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useFormState,
  useWatch,
} from 'react-hook-form';
import type { ApiError } from '../../api/client';
import type { PayoutMethod, Transfer } from '../../api/schemas';
import { transferQueries } from '../../api/transfers';
import { userQueries } from '../../api/users';
import { preloadPage } from '../../app/router';
import { useNavigate, useSearchParams } from '../../app/routing';
import { AfterFirstCommit } from '../../components/AfterFirstCommit';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { keepFocusOnControlPress } from '../../components/keep-focus-on-control-press';
import { RadioChoice } from '../../components/RadioChoice';
import { describeAccount } from '../../lib/mask';
import { parseDollars } from '../../lib/money';
import { loadWhenIdle, onDemand, useOnDemand } from '../../lib/on-demand';
import { bankNameFor } from '../../lib/routing-number';
import { isUuid } from '../../lib/uuid';
import { useForgetOnIdle } from '../session/use-forget-on-idle';
import { MetadataRows } from './MetadataRows';
import { emptyPaymentForm, type PaymentFormValues, paymentFormSchema } from './payment-form-schema';
import { type PaymentSummary, summarizePayment } from './payment-summary';
import { findDuplicate, rememberPayment } from './recent-payments';
import { FORM_FIELD_BY_API_PATH } from './to-payment-request';
import { usePaymentSubmission } from './use-payment-submission';
import { useTransferRehearsal } from './use-transfer-rehearsal';

const PAYER_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'customer', label: 'Payment customer' },
] as const;
const SOURCE_OPTIONS = [
  { value: 'bank', label: 'Bank account' },
  { value: 'stored', label: 'Stored account' },
] as const;
const ACCOUNT_TYPE_OPTIONS = [
  { value: 'checking', label: 'Checking' },
  { value: 'savings', label: 'Savings' },
] as const;

// The review dialog (a modal, and the focus trap only it uses here) and the stored-account picker (a combobox) come
// when first wanted, or once the browser is idle: the form itself is the page's first load.
const reviewDialog = onDemand(() =>
  import('./ReviewPaymentDialog').then((module) => module.ReviewPaymentDialog),
);
const storedAccountSelect = onDemand(() =>
  import('./StoredAccountSelect').then((module) => module.StoredAccountSelect),
);
const notLoaded = (what: string) =>
  new Error(`The ${what} did not load: check the connection, then try again`);

function centsHint(amount: string): string {
  const parsed = parseDollars(amount);
  return parsed.ok ? `Sends ${parsed.cents.toLocaleString('en-US')} cents` : 'In dollars, like 1,250.05';
}

/**
 * The page's heading comes in the page's first commit; the form, the larger part, in the next one. Each commit is
 * one task the browser cannot interrupt: apart, neither holds the main thread for long as the page opens.
 */
export function CreatePaymentPage() {
  return (
    <Stack maw={720}>
      <Title order={1}>Create payment</Title>
      <AfterFirstCommit>
        <PaymentForm />
      </AfterFirstCommit>
    </Stack>
  );
}

/**
 * The form's state. useForm re-renders its host once as it mounts (to mark the form ready, from a layout effect: a
 * synchronous render inside the commit, which also runs every effect waiting on the page in that task). Here the
 * host is small: the fields are PaymentFields, memoized on the form's methods (one object for the form's life), so
 * that re-render stops at it. PaymentFields follows errors and the fields it shows through its own subscriptions.
 */
function PaymentForm() {
  const [params] = useSearchParams();
  const form = useForm<PaymentFormValues>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: emptyPaymentForm({
      userId: params.get('user_id') ?? undefined,
      customerId: params.get('customer_id') ?? undefined,
    }),
    mode: 'onTouched',
  });
  return <PaymentFields form={form} />;
}

const PaymentFields = memo(function PaymentFields({ form }: { form: UseFormReturn<PaymentFormValues> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { errors } = useFormState({ control: form.control });
  const metadata = useFieldArray({ control: form.control, name: 'metadata' });
  const [review, setReview] = useState<{ values: PaymentFormValues; summary: PaymentSummary } | null>(null);
  const [pageError, setPageError] = useState<unknown>(null);
  const [reviewWanted, setReviewWanted] = useState(false);

  const [payer, source, userId, amount, routingNumber] = useWatch({
    control: form.control,
    name: ['payer', 'source', 'userId', 'amount', 'routingNumber'],
  });
  const validUserId = payer === 'user' && isUuid(userId) ? userId.trim().toLowerCase() : null;
  const bankName = bankNameFor(routingNumber.trim());

  const storedAccountLabel = (accountId: string) => {
    const methods = validUserId
      ? queryClient.getQueryData<PayoutMethod[]>(userQueries.payoutMethods(validUserId).queryKey)
      : undefined;
    const method = methods?.find((m) => m.id === accountId);
    return method ? describeAccount(method.account_type, method.mask ?? '????') : undefined;
  };

  const transferPage = useTransferRehearsal();
  const onCreated = (transfer: Transfer) => {
    if (review) {
      const { payerId, cents } = review.summary;
      rememberPayment({ transferId: transfer.id, payerId, amount: cents, at: Date.now() });
    }
    queryClient.setQueryData(transferQueries.detail(transfer.id).queryKey, transfer);
    // Leaving the page unmounts the form: its values, account numbers included, go with it. (Clearing the fields
    // one by one first cost a third of the time from confirm to the rendered transfer.)
    navigate(`/transfers/${transfer.id}`);
  };

  const onRefused = (error: ApiError) => {
    if (error.status === 400) {
      let unplaced = false;
      for (const [path, message] of Object.entries(error.fieldErrors)) {
        const field = FORM_FIELD_BY_API_PATH[path];
        if (field) form.setError(field, { type: 'server', message });
        else unplaced = true;
      }
      setReview(null);
      if (unplaced || Object.keys(error.fieldErrors).length === 0) setPageError(error);
    } else if (error.status === 403 || error.status === 401) {
      setReview(null);
      if (error.status === 403) setPageError(error);
    }
  };

  const submission = usePaymentSubmission({ onCreated, onRefused });

  const forgetAccountNumbers = () => {
    form.setValue('accountNumber', '');
    form.setValue('confirmAccountNumber', '');
  };
  // Signed out for inactivity: the draft stays, the account numbers do not.
  useForgetOnIdle(() => {
    forgetAccountNumbers();
    setReview(null);
  });

  const openReview = form.handleSubmit((values) => {
    setPageError(null);
    const summary = summarizePayment(values, storedAccountLabel);
    setReview({ values, summary: { ...summary, consoleRequestId: submission.prepare(values) } });
    setReviewWanted(true);
    // The transfer's page loads while the operator reads the review (if it is not here yet): confirm then shows it
    // at once.
    void preloadPage('/transfers/:transferId');
  });

  const bankFields = source === 'bank' || payer === 'customer';
  useEffect(() => loadWhenIdle(reviewDialog.load, storedAccountSelect.load), []);
  const ReviewPaymentDialog = useOnDemand(reviewDialog, reviewWanted, () => {
    setReview(null);
    setReviewWanted(false);
    setPageError(notLoaded('review'));
  });
  const StoredAccountSelect = useOnDemand(storedAccountSelect, !bankFields, () =>
    setPageError(notLoaded('list of stored accounts')),
  );

  return (
    <>
      {transferPage.rehearsal}
      {pageError !== null && <ApiErrorAlert error={pageError} />}
      <form
        noValidate
        onSubmit={openReview}
        onInput={transferPage.begin}
        onMouseDown={keepFocusOnControlPress}
      >
        <Stack>
          <Paper withBorder p="md">
            <Stack>
              <Controller
                control={form.control}
                name="payer"
                render={({ field }) => (
                  <RadioChoice
                    label="Payer"
                    value={field.value}
                    onChange={field.onChange}
                    options={PAYER_OPTIONS}
                  />
                )}
              />
              {payer === 'user' ? (
                <TextInput
                  label="User ID"
                  required
                  {...form.register('userId')}
                  error={errors.userId?.message}
                />
              ) : (
                <TextInput
                  label="Customer ID"
                  required
                  {...form.register('customerId')}
                  error={errors.customerId?.message}
                />
              )}
              <TextInput
                label="Amount (USD)"
                required
                inputMode="decimal"
                leftSection="$"
                description={centsHint(amount)}
                {...form.register('amount')}
                error={errors.amount?.message}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              {payer === 'user' && (
                <Controller
                  control={form.control}
                  name="source"
                  render={({ field }) => (
                    <RadioChoice
                      label="Source"
                      value={field.value}
                      onChange={field.onChange}
                      options={SOURCE_OPTIONS}
                    />
                  )}
                />
              )}
              {bankFields ? (
                <>
                  <PasswordInput
                    label="Account number"
                    required
                    autoComplete="off"
                    inputMode="numeric"
                    {...form.register('accountNumber')}
                    error={errors.accountNumber?.message}
                  />
                  <PasswordInput
                    label="Confirm account number"
                    required
                    autoComplete="off"
                    inputMode="numeric"
                    {...form.register('confirmAccountNumber')}
                    error={errors.confirmAccountNumber?.message}
                  />
                  <TextInput
                    label="Routing number"
                    required
                    inputMode="numeric"
                    maxLength={9}
                    description={bankName ?? '9 digits (ABA)'}
                    {...form.register('routingNumber')}
                    error={errors.routingNumber?.message}
                  />
                  <Controller
                    control={form.control}
                    name="accountType"
                    render={({ field }) => (
                      <RadioChoice
                        label="Account type"
                        value={field.value}
                        onChange={field.onChange}
                        options={ACCOUNT_TYPE_OPTIONS}
                      />
                    )}
                  />
                </>
              ) : StoredAccountSelect ? (
                <Controller
                  control={form.control}
                  name="accountId"
                  render={({ field }) => (
                    <StoredAccountSelect
                      userId={validUserId}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors.accountId?.message}
                    />
                  )}
                />
              ) : (
                <TextInput label="Account on file" placeholder="Loading…" required disabled />
              )}
            </Stack>
          </Paper>
          <MetadataRows form={form} rows={metadata} errors={errors.metadata} />
          <Group>
            <Button type="submit">Review payment</Button>
          </Group>
        </Stack>
      </form>
      {ReviewPaymentDialog && (
        <ReviewPaymentDialog
          summary={review?.summary ?? null}
          duplicate={review ? findDuplicate(review.summary.payerId, review.summary.cents) : undefined}
          request={submission.request}
          checking={submission.checking}
          outcomeUnknown={submission.unknown}
          checkMessage={submission.checkMessage}
          onCheckAgain={submission.checkAgain}
          onBack={() => setReview(null)}
          onConfirm={() => review && submission.confirm(review.values)}
        />
      )}
    </>
  );
});
