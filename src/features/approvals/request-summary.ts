import { useQuery } from '@tanstack/react-query';
import { customerQueries } from '../../api/customers';
import type { PayoutMethod } from '../../api/schemas';
import { userQueries } from '../../api/users';
import { useWallets, walletPaying } from '../../api/wallets';
import type { PaymentSummary } from '../../components/PaymentDetails';
import type { PayoutSummary } from '../../components/PayoutDetails';
import { describeAccount } from '../../lib/mask';
import { displayName } from '../../lib/names';
import { CONSOLE_METADATA_KEYS } from '../../lib/payment-rules';
import { describePayoutMethod, isPayoutRail, RAIL_LABELS } from '../../lib/payout-methods';
import { bankNameFor } from '../../lib/routing-number';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * A waiting payment as its maker's review showed it, from the body the server keeps (its account number reduced to the
 * last four digits): the payer by name, email and status, the source as "Checking •••• 2559", the metadata.
 */
export function usePaymentSummary(payment: Record<string, unknown>): PaymentSummary {
  const userId = text(payment.user_id);
  const customerId = text(payment.customer_id);
  const user = useQuery({ ...userQueries.detail(userId ?? ''), enabled: userId !== null });
  const customer = useQuery({ ...customerQueries.detail(customerId ?? ''), enabled: customerId !== null });
  const accountId = text(payment.account_id);
  const methods = useQuery({
    ...userQueries.payoutMethods(userId ?? ''),
    enabled: userId !== null && accountId !== null,
  });
  const person = user.data ?? customer.data;
  const ach = (payment.ach_info ?? null) as Record<string, unknown> | null;
  const stored = accountId ? methods.data?.find((method) => method.id === accountId) : undefined;
  const routing = text(ach?.routing_number);
  const metadata = (
    typeof payment.metadata === 'object' && payment.metadata !== null ? payment.metadata : {}
  ) as Record<string, unknown>;
  return {
    cents: Number(payment.amount ?? 0),
    payerKind: userId ? 'User' : 'Payment customer',
    payerId: userId ?? customerId ?? '',
    payerName: person ? displayName(person) : null,
    payerEmail: person?.email ?? null,
    payerStatus: user.data?.status ?? null,
    account: ach
      ? describeAccount(text(ach.account_type) ?? 'checking', text(ach.account_number_last4) ?? '????')
      : stored
        ? describeAccount(stored.account_type, stored.mask ?? '????')
        : `Stored account ${accountId ?? '—'}`,
    routingNumber: routing,
    bankName: routing ? bankNameFor(routing) : null,
    metadata: Object.entries(metadata)
      .filter(([key]) => !(CONSOLE_METADATA_KEYS as readonly string[]).includes(key))
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    consoleRequestId: text(payment.idempotency_key) ?? undefined,
    initiatedBy: text(metadata.initiated_by) ?? undefined,
  };
}

/**
 * The wallet an approved request's payouts leave, as its maker's review named it: the app they chose (or the one
 * the service pays from when none was), with its balance now. Undefined while the wallets are read.
 */
export function usePayingWallet(appId: string | undefined, waiting: boolean): PayoutSummary['wallet'] {
  const { wallets } = useWallets();
  const wallet = walletPaying(wallets, appId);
  // Once paid (or ended), today's balance says nothing of "before": the wallet is named alone.
  return wallet ? { appName: wallet.appName, beforeCents: waiting ? wallet.cents : null } : undefined;
}

/** A waiting payout as its maker's review showed it: the payee by name, the method masked, the wallet, the metadata. */
export function usePayoutSummary(
  payout: Record<string, unknown>,
  wallet?: { appId: string | undefined; waiting: boolean },
): PayoutSummary {
  const paidFrom = usePayingWallet(wallet?.appId, wallet?.waiting ?? false);
  const userId = text(payout.user_id) ?? '';
  const user = useQuery({ ...userQueries.detail(userId), enabled: userId !== '' });
  const methods = useQuery({ ...userQueries.payoutMethods(userId), enabled: userId !== '' });
  const metadata = (
    typeof payout.metadata === 'object' && payout.metadata !== null ? payout.metadata : {}
  ) as Record<string, unknown>;
  return {
    cents: Number(payout.amount ?? 0),
    payeeId: userId,
    payeeName: user.data ? displayName(user.data) : null,
    payeeEmail: user.data?.email ?? null,
    payeeStatus: user.data?.status ?? null,
    method: payoutMethodText(payout, methods.data),
    wallet: wallet ? paidFrom : undefined,
    metadata: Object.entries(metadata)
      .filter(([key]) => !(CONSOLE_METADATA_KEYS as readonly string[]).includes(key))
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    consoleRequestId: text(payout.idempotency_key) ?? undefined,
    initiatedBy: text(metadata.initiated_by) ?? undefined,
  };
}

/** Where a payout body goes, masked: the saved method it names, or the payee's method of its kind. */
export function payoutMethodText(
  payout: Record<string, unknown>,
  methods: readonly PayoutMethod[] | undefined,
) {
  const platform = text(payout.platform) ?? '';
  const accountId = text(payout.account_id);
  const method = accountId
    ? methods?.find((m) => m.id === accountId)
    : platform === 'default'
      ? methods?.find((m) => m.is_default)
      : methods?.find((m) => m.platform === platform);
  if (method) return describePayoutMethod(method);
  return isPayoutRail(platform) ? RAIL_LABELS[platform] : platform;
}
