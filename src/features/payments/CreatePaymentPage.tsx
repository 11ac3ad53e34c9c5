import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useLocation, useSearchParams } from 'wouter';
import { movedMoney, useApprovalHint, useApprovalNeed, useSubmitForApproval } from '../../api/approvals';
import type { ApiError } from '../../api/client';
import { useCustomerSource } from '../../api/customers';
import { paymentMoney } from '../../api/payments';
import type { PayoutMethod, Transfer } from '../../api/schemas';
import type { PickerOption } from '../../api/search-source';
import { transferQueries } from '../../api/transfers';
import { userQueries, useUserSource } from '../../api/users';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { keepFocusOnControlPress } from '../../components/keep-focus-on-control-press';
import { placeFieldErrors } from '../../components/place-field-errors';
import { RadioChoice } from '../../components/RadioChoice';
import { SearchPicker } from '../../components/SearchPicker';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { useForgetOnIdle } from '../../components/use-forget-on-idle';
import { type Prepared, useMoneySubmission } from '../../components/use-money-submission';
import { describeAccount } from '../../lib/mask';
import { parseDollars } from '../../lib/money';
import type { CreatePaymentRequest } from '../../lib/payment-request';
import { bankNameFor } from '../../lib/routing-number';
import { isUuid } from '../../lib/uuid';
import { FORM_FIELD_BY_API_PATH, paymentOfForm } from './form-payment';
import { MetadataRows } from './MetadataRows';
import { emptyPaymentForm, type PaymentFormValues, paymentFormSchema } from './payment-form-schema';
import { type PaymentSummary, summarizePayment } from './payment-summary';
import { ReviewPaymentDialog } from './ReviewPaymentDialog';
import { findDuplicate, rememberPayment } from './recent-payments';
import { StoredAccountSelect } from './StoredAccountSelect';

// "A user", not "User": the picker below is labelled "User", and a label names one field only.
const PAYER_OPTIONS = [
  { value: 'user', label: 'A user' },
  { value: 'customer', label: 'A payment customer' },
] as const;
const SOURCE_OPTIONS = [
  { value: 'bank', label: 'Bank account' },
  { value: 'stored', label: 'Stored account' },
] as const;
const ACCOUNT_TYPE_OPTIONS = [
  { value: 'checking', label: 'Checking' },
  { value: 'savings', label: 'Savings' },
] as const;

function centsHint(amount: string): string {
  const parsed = parseDollars(amount);
  return parsed.ok ? `Sends ${parsed.cents.toLocaleString('en-US')} cents` : 'In dollars, like 1,250.05';
}

export function CreatePaymentPage() {
  const users = useUserSource();
  const customers = useCustomerSource();
  const [, navigate] = useLocation();
  // Above the organization's limit, the review submits the payment for another member's approval instead.
  const approvalNeed = useApprovalNeed();
  const approvalHint = useApprovalHint();
  const submitApproval = useSubmitForApproval('payment');
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const form = useForm<PaymentFormValues>({
    shouldFocusError: false,
    resolver: zodResolver(paymentFormSchema),
    defaultValues: emptyPaymentForm({
      userId: params.get('user_id') ?? undefined,
      customerId: params.get('customer_id') ?? undefined,
    }),
    mode: 'onTouched',
  });
  const formRef = useFocusFirstInvalid(form.formState.submitCount);
  const { errors } = form.formState;
  const metadata = useFieldArray({ control: form.control, name: 'metadata' });
  const [review, setReview] = useState<{
    summary: PaymentSummary;
    prepared: Prepared<CreatePaymentRequest>;
  } | null>(null);
  const [pageError, setPageError] = useState<unknown>(null);
  // Who the picked payer is, for the review: the form keeps the id alone.
  const [payerShown, setPayerShown] = useState<PickerOption | null>(null);

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

  const onCreated = (transfer: Transfer) => {
    if (review) {
      const { payerId, cents } = review.summary;
      rememberPayment({ transferId: transfer.id, payerId, amount: cents, at: Date.now() });
    }
    queryClient.setQueryData(transferQueries.detail(transfer.id).queryKey, transfer);
    void movedMoney(queryClient);
    // The form is emptied and the review closed before the page changes: until the transfer's page has arrived,
    // this page may still be the one shown, and nothing of the payment just made may be confirmed again from it.
    setReview(null);
    form.reset();
    navigate(`/transfers/${transfer.id}`);
  };

  const onRefused = (error: ApiError) => {
    if (error.status === 400) {
      const unplaced = placeFieldErrors(error, form.setError, (path) => FORM_FIELD_BY_API_PATH[path]);
      setReview(null);
      if (unplaced || Object.keys(error.fieldErrors).length === 0) setPageError(error);
    } else if (error.status === 403 || error.status === 401) {
      setReview(null);
      if (error.status === 403) setPageError(error);
    }
  };

  const submission = useMoneySubmission(paymentMoney, { onCreated, onRefused });

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
    const summary = summarizePayment(values, storedAccountLabel, payerShown);
    const prepared = submission.prepare(paymentOfForm(values));
    setReview({ summary: { ...summary, consoleRequestId: prepared.key }, prepared });
  });

  const bankFields = source === 'bank' || payer === 'customer';

  return (
    <Stack maw={720}>
      <Title order={1}>Create payment</Title>
      {pageError !== null && <ApiErrorAlert error={pageError} />}
      <form ref={formRef} noValidate onSubmit={openReview} onMouseDown={keepFocusOnControlPress}>
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
              {/* One picker, of users or of customers: `key` starts it afresh when the payer's kind changes. */}
              <Controller
                key={payer}
                control={form.control}
                name={payer === 'user' ? 'userId' : 'customerId'}
                render={({ field }) => (
                  <SearchPicker
                    source={payer === 'user' ? users : customers}
                    label={payer === 'user' ? 'User' : 'Customer'}
                    required
                    value={field.value}
                    onChange={(id, option) => {
                      field.onChange(id);
                      setPayerShown(option);
                    }}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={(payer === 'user' ? errors.userId : errors.customerId)?.message}
                  />
                )}
              />
              <TextInput
                label="Amount (USD)"
                required
                inputMode="decimal"
                leftSection="$"
                description={approvalHint ? `${centsHint(amount)}. ${approvalHint}` : centsHint(amount)}
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
                    visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the account number' }}
                    {...form.register('accountNumber')}
                    error={errors.accountNumber?.message}
                  />
                  <PasswordInput
                    label="Confirm account number"
                    required
                    autoComplete="off"
                    inputMode="numeric"
                    visibilityToggleButtonProps={{
                      'aria-label': 'Show or hide the confirmed account number',
                    }}
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
              ) : (
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
              )}
            </Stack>
          </Paper>
          <MetadataRows form={form} rows={metadata} errors={errors.metadata} />
          <Group>
            <Button type="submit">Review payment</Button>
          </Group>
        </Stack>
      </form>
      <ReviewPaymentDialog
        summary={review?.summary ?? null}
        duplicate={review ? findDuplicate(review.summary.payerId, review.summary.cents) : undefined}
        submission={submission}
        onBack={() => setReview(null)}
        onConfirm={() => review && submission.confirm(review.prepared)}
        approval={{
          needed: Boolean(review && (submission.needsApproval || approvalNeed(review.summary.cents).needed)),
          error: submitApproval.error,
          submitting: submitApproval.isPending,
          onSubmit: () =>
            review &&
            submitApproval.mutate(review.prepared.body, {
              onSuccess: (made) => navigate(`/approvals/${made.id}`),
            }),
        }}
      />
    </Stack>
  );
}
