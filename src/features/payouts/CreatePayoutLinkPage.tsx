import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useLocation, useSearchParams } from 'wouter';
import { useApprovalPolicy } from '../../api/approvals';
import { type CreatePayoutLinkRequest, useCreatePayoutLink } from '../../api/payouts';
import { useWallets, type Wallet } from '../../api/wallets';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DetailRow } from '../../components/DetailRow';
import { keepFocusOnControlPress } from '../../components/keep-focus-on-control-press';
import { AmountToConfirm } from '../../components/Money';
import { WalletRow } from '../../components/PayoutDetails';
import { placeFieldErrors } from '../../components/place-field-errors';
import { RadioChoice } from '../../components/RadioChoice';
import { formatCents } from '../../lib/money';
import { payeeText } from '../../lib/payout-link-states';
import { payoutAmount, walletAfter } from '../../lib/payout-rules';
import {
  DELIVERY_OPTIONS,
  type PayoutLinkFormValues,
  payoutLinkFormSchema,
  toPayoutLinkRequest,
} from './payout-link-form';
import { WalletSelect } from './WalletSelect';

const FIELD_BY_PATH: Record<string, keyof PayoutLinkFormValues> = {
  amount: 'amount',
  'payee.email': 'email',
  'payee.phone_number': 'phone',
  'payee.country_code': 'phone',
  memo: 'memo',
};

/** What the review shows: the body as it will be sent, and the wallet that will hold its amount. */
interface Review {
  body: CreatePayoutLinkRequest;
  appId: string;
  wallet: Wallet | null;
}

/**
 * A payout link for someone without an account, or who chooses where the money goes: the amount (held from the chosen
 * app's wallet until the link is claimed, cancelled or expires), the payee's email or phone, the delivery, a memo. A
 * review names all of it, the wallet before and after included; one key per reviewed body, so that a resend answers
 * the same link. Opened from a user's page (`?email=`), the payee's email is filled in.
 */
export function CreatePayoutLinkPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const create = useCreatePayoutLink();
  const policy = useApprovalPolicy();
  const { wallets, preferred, error: walletsError } = useWallets();
  const form = useForm<PayoutLinkFormValues>({
    resolver: zodResolver(payoutLinkFormSchema),
    defaultValues: {
      amount: '',
      delivery: 'email',
      email: params.get('email') ?? '',
      phone: '',
      memo: '',
      appId: '',
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [delivery, amount, appId] = useWatch({
    control: form.control,
    name: ['delivery', 'amount', 'appId'],
  });
  const [review, setReview] = useState<Review | null>(null);
  const attempt = useRef<{ values: string; key: string } | null>(null);
  const limit = policy?.enabled ? policy.limitCents : null;

  // The wallet: the session's app, else the organization's first, as Send payout chooses it; the maker may change it.
  useEffect(() => {
    if (appId === '' && preferred) form.setValue('appId', preferred.appId);
  }, [appId, preferred, form]);
  const wallet = wallets.find((w) => w.appId === appId) ?? null;
  const parsed = payoutAmount(amount, wallet?.cents ?? null);
  const after = parsed.ok ? walletAfter(wallet?.cents ?? null, parsed.cents) : null;

  const openReview = form.handleSubmit((values) => {
    const cents = payoutAmount(values.amount, wallet?.cents ?? null);
    if (!cents.ok) {
      form.setError('amount', { message: cents.problem }, { shouldFocus: true });
      return;
    }
    if (limit !== null && cents.cents > limit) {
      form.setError('amount', {
        message: `Above ${formatCents(limit)} a payout link needs a second member, which links do not have: send a payout instead`,
      });
      return;
    }
    const text = JSON.stringify(values);
    if (attempt.current?.values !== text) attempt.current = { values: text, key: crypto.randomUUID() };
    create.reset();
    setReview({ body: toPayoutLinkRequest(values, attempt.current.key), appId: values.appId, wallet });
  });

  const confirm = () => {
    if (!review || create.isPending) return;
    create.mutate(
      { body: review.body, appId: review.appId },
      {
        onSuccess: (link) => {
          attempt.current = null;
          navigate(`/payout-links/${link.id}`);
        },
        onError: (error) => {
          if (placeFieldErrors(error, form.setError, (path) => FIELD_BY_PATH[path])) return;
          if (Object.keys((error as { fieldErrors?: object }).fieldErrors ?? {}).length > 0) setReview(null);
        },
      },
    );
  };

  return (
    <Stack maw={720}>
      <Title order={1}>Create payout link</Title>
      <Text c="dimmed">
        The payee opens the link and chooses where the money goes. Its amount leaves the wallet now and comes
        back if the link is canceled or expires.
      </Text>
      <form noValidate onSubmit={openReview} onMouseDown={keepFocusOnControlPress}>
        <Stack>
          <Paper withBorder p="md">
            <Stack>
              <TextInput
                label="Amount (USD)"
                required
                inputMode="decimal"
                leftSection="$"
                description={
                  parsed.ok
                    ? after !== null && wallet
                      ? `Holds ${parsed.cents.toLocaleString('en-US')} cents; the wallet keeps ${formatCents(after)}`
                      : `Holds ${parsed.cents.toLocaleString('en-US')} cents`
                    : 'In dollars, like 1,250.05'
                }
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
              <Controller
                control={form.control}
                name="delivery"
                render={({ field }) => (
                  <RadioChoice
                    label="Delivery"
                    value={field.value}
                    onChange={field.onChange}
                    options={DELIVERY_OPTIONS}
                  />
                )}
              />
              {delivery === 'email' && (
                <TextInput
                  label="Payee's email"
                  required
                  type="email"
                  autoComplete="off"
                  {...form.register('email')}
                  error={errors.email?.message}
                />
              )}
              {delivery === 'sms' && (
                <TextInput
                  label="Payee's mobile number"
                  required
                  type="tel"
                  description="With the country code, like +1 415 555 0123"
                  autoComplete="off"
                  {...form.register('phone')}
                  error={errors.phone?.message}
                />
              )}
              {delivery === 'link' && (
                <Text size="sm" c="dimmed">
                  The console shows the link once it is made: copy it and send it yourself.
                </Text>
              )}
              <Textarea
                label="Memo"
                description="Optional: shown to the payee"
                maxLength={500}
                {...form.register('memo')}
                error={errors.memo?.message}
              />
            </Stack>
          </Paper>
          <Group>
            <Button type="submit">Review payout link</Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={review !== null}
        onClose={() => !create.isPending && setReview(null)}
        title="Review payout link"
        centered
        size="lg"
      >
        {review && (
          <Stack>
            <Table variant="vertical" withTableBorder aria-label="Payout link details">
              <Table.Tbody>
                <DetailRow label="Amount">
                  <AmountToConfirm cents={review.body.amount} size="lg" />
                </DetailRow>
                <DetailRow label="Payee">{payeeText(review.body.payee)}</DetailRow>
                <DetailRow label="Delivery">
                  {DELIVERY_OPTIONS.find((o) => o.value === review.body.delivery.method)?.label}
                </DetailRow>
                {review.wallet && (
                  <WalletRow
                    wallet={{ appName: review.wallet.appName, beforeCents: review.wallet.cents }}
                    cents={review.body.amount}
                    what="link"
                  />
                )}
                <DetailRow label="Memo">{review.body.memo ?? 'None'}</DetailRow>
                <DetailRow label="Request ID">
                  <code>{review.body.idempotency_key}</code>
                </DetailRow>
              </Table.Tbody>
            </Table>
            {create.error && <ApiErrorAlert error={create.error} />}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setReview(null)} disabled={create.isPending}>
                Back
              </Button>
              <Button onClick={confirm} loading={create.isPending}>
                {`Create link for ${formatCents(review.body.amount)}`}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
