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

/** A move between a user's wallet and an app's (POST /v2/transfers): negative pays the user, positive takes back. */
export interface UserWalletMove {
  userId: string;
  /** Signed as the vendor's: negative from the app to the user. */
  cents: number;
}

export interface UserWalletBody {
  amount: number;
  user_id: string;
  idempotency_key: string;
  metadata: Record<string, string>;
}

/**
 * A transfer to or from a user's wallet. The vendor rejects a transfer key it has seen (and so does the sandbox), so
 * a resend after a look-up that found nothing is safe in both modes: were the first there after all, it is refused.
 */
export const userTransferMoney: MoneyKind<UserWalletMove, UserWalletBody> = {
  noun: 'transfer',
  bodyOf: (draft, { idempotencyKey, operator }) => ({
    amount: draft.cents,
    user_id: draft.userId,
    idempotency_key: idempotencyKey,
    metadata: { console_request_id: idempotencyKey, ...(operator ? { initiated_by: operator } : {}) },
  }),
  keyOf: (body) => body.idempotency_key,
  send: async (body, route) => ({
    transfer: await request({
      method: 'POST',
      path: '/v2/transfers',
      body,
      response: transferSchema,
      ...(route.appId ? { appId: route.appId } : {}),
    }),
    replayed: false,
  }),
  findByKey: (body) => findTransferByKey(body.idempotency_key, { userId: body.user_id }),
  keyOnReuse: { sandbox: 'refused', upstream: 'refused' },
  describe: (body, transfer) => ({
    action: body.amount < 0 ? 'Moved to a user’s wallet' : 'Moved from a user’s wallet',
    subject: transfer?.id ?? body.idempotency_key,
    details: `${Math.abs(body.amount)} cents`,
  }),
};
