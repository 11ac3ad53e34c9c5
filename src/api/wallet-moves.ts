import type { ActivityDescription } from './activity-log';
import { request } from './client';
import type { MoneyKind } from './money';
import { type Transfer, transferSchema } from './schemas';
import { findTransferByKey } from './transfers';

/**
 * Money into and out of an app's wallet (a deposit from its bank account, a withdrawal to it), as kinds of money of
 * the one submission (components/use-money-submission.ts). The vendor's document says nothing of a used key on these,
 * so upstream no resend follows a look-up that found nothing; the sandbox refuses a used key (docs/sandbox.md).
 */
export interface AppWalletMove {
  appId: string;
  cents: number;
}

export interface AppWalletBody {
  amount: number;
  idempotency_key: string;
  metadata: Record<string, string>;
}

function describe(direction: 'deposit' | 'withdraw') {
  return (body: AppWalletBody, transfer?: Transfer): ActivityDescription => ({
    action: direction === 'deposit' ? 'Deposit made' : 'Withdrawal made',
    subject: transfer?.id ?? body.idempotency_key,
    details: `${body.amount} cents`,
  });
}

function appWalletMoney(direction: 'deposit' | 'withdraw'): MoneyKind<AppWalletMove, AppWalletBody> {
  return {
    noun: direction === 'deposit' ? 'deposit' : 'withdrawal',
    bodyOf: (draft, { idempotencyKey, operator }) => ({
      amount: draft.cents,
      idempotency_key: idempotencyKey,
      metadata: { console_request_id: idempotencyKey, ...(operator ? { initiated_by: operator } : {}) },
    }),
    keyOf: (body) => body.idempotency_key,
    send: async (body, route) => ({
      transfer: await request({
        method: 'POST',
        path: `/v2/apps/${encodeURIComponent(route.appId ?? '')}/${direction}`,
        body,
        response: transferSchema,
      }),
      replayed: false,
    }),
    findByKey: (body) => findTransferByKey(body.idempotency_key),
    keyOnReuse: { sandbox: 'refused', upstream: 'not-held' },
    describe: describe(direction),
  };
}

export const depositMoney = appWalletMoney('deposit');
export const withdrawalMoney = appWalletMoney('withdraw');
