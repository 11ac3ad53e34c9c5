import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useApprovalPolicy } from '../../api/approvals';
import { type CreatePayoutLinkRequest, useCreatePayoutLink } from '../../api/payouts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DetailRow } from '../../components/DetailRow';
import { keepFocusOnControlPress } from '../../components/keep-focus-on-control-press';
import { AmountToConfirm } from '../../components/Money';
import { placeFieldErrors } from '../../components/place-field-errors';
import { RadioChoice } from '../../components/RadioChoice';
import { formatCents, parseDollars } from '../../lib/money';
import { payeeText } from '../../lib/payout-link-states';
import {
  DELIVERY_OPTIONS,
  type PayoutLinkFormValues,
  payoutLinkFormSchema,
  toPayoutLinkRequest,
} from './payout-link-form';

const FIELD_BY_PATH: Record<string, keyof PayoutLinkFormValues> = {
  amount: 'amount',
  'payee.email': 'email',
  'payee.phone_number': 'phone',
  'payee.country_code': 'phone',
  memo: 'memo',
};

/**
 * A payout link for someone without an account, or who chooses where the money goes: the amount (held from the wallet
 * until the link is claimed, cancelled or expires), the payee's email or phone, the delivery, a memo. A review names
 * all of it; one key per reviewed body, so that a resend answers the same link.
 */
export function CreatePayoutLinkPage() {
  const [, navigate] = useLocation();
  const create = useCreatePayoutLink();
  const policy = useApprovalPolicy();
  const form = useForm<PayoutLinkFormValues>({
    resolver: zodResolver(payoutLinkFormSchema),
    defaultValues: { amount: '', delivery: 'email', email: '', phone: '', memo: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [delivery, amount] = useWatch({ control: form.control, name: ['delivery', 'amount'] });
  const [review, setReview] = useState<CreatePayoutLinkRequest | null>(null);
  const attempt = useRef<{ values: string; key: string } | null>(null);
  const parsed = parseDollars(amount);
  const limit = policy?.enabled ? policy.limitCents : null;

  const openReview = form.handleSubmit((values) => {
    const cents = parseDollars(values.amount);
    if (limit !== null && cents.ok && cents.cents > limit) {
      form.setError('amount', {
        message: `Above ${formatCents(limit)} a payout link needs a second member, which links do not have: send a payout instead`,
      });
      return;
    }
    const text = JSON.stringify(values);
    if (attempt.current?.values !== text) attempt.current = { values: text, key: crypto.randomUUID() };
    create.reset();
    setReview(toPayoutLinkRequest(values, attempt.current.key));
  });

  const confirm = () => {
    if (!review || create.isPending) return;
    create.mutate(review, {
      onSuccess: (link) => {
        attempt.current = null;
        navigate(`/payout-links/${link.id}`);
      },
      onError: (error) => {
        if (placeFieldErrors(error, form.setError, (path) => FIELD_BY_PATH[path])) return;
        if (Object.keys((error as { fieldErrors?: object }).fieldErrors ?? {}).length > 0) setReview(null);
      },
    });
  };

  return (
    <Stack maw={720}>
      <Title order={1}>Create payout link</Title>
      <Text c="dimmed">
        The payee opens the link and chooses where the money goes. Its amount leaves the wallet now and comes
        back if the link is cancelled or expires.
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
                    ? `Sends ${parsed.cents.toLocaleString('en-US')} cents`
                    : 'In dollars, like 1,250.05'
                }
                {...form.register('amount')}
                error={errors.amount?.message}
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
                  <AmountToConfirm cents={review.amount} size="lg" />
                </DetailRow>
                <DetailRow label="Payee">{payeeText(review.payee)}</DetailRow>
                <DetailRow label="Delivery">
                  {DELIVERY_OPTIONS.find((o) => o.value === review.delivery.method)?.label}
                </DetailRow>
                <DetailRow label="Memo">{review.memo ?? 'None'}</DetailRow>
                <DetailRow label="Request ID">
                  <code>{review.idempotency_key}</code>
                </DetailRow>
              </Table.Tbody>
            </Table>
            {create.error && <ApiErrorAlert error={create.error} />}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setReview(null)} disabled={create.isPending}>
                Back
              </Button>
              <Button onClick={confirm} loading={create.isPending}>
                {`Create link for ${formatCents(review.amount)}`}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
