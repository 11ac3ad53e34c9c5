import { KEY_ON_REUSE } from '../lib/money-record';
import { toWalletMoveRequest, type WalletMoveRequest } from '../lib/wallet-move-request';
import { z } from '../lib/zod';
import type { ActivityDescription } from './activity-log';
import { request } from './client';
import type { MoneyKind } from './money';
import { pageSchema, type Transfer, transferSchema } from './schemas';
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
    keyOnReuse: KEY_ON_REUSE[direction === 'deposit' ? 'deposit' : 'withdrawal'],
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

export type UserWalletBody = WalletMoveRequest;

/**
 * A transfer to or from a user's wallet. The vendor rejects a transfer key it has seen (and so does the sandbox), so
 * a resend after a look-up that found nothing is safe in both modes: were the first there after all, it is refused.
 */
export const userTransferMoney: MoneyKind<UserWalletMove, UserWalletBody> = {
  noun: 'transfer',
  bodyOf: (draft, extras) =>
    toWalletMoveRequest(
      {
        userId: draft.userId,
        direction: draft.cents < 0 ? 'to_user' : 'from_user',
        cents: Math.abs(draft.cents),
      },
      extras,
    ),
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
  keyOnReuse: KEY_ON_REUSE['user-transfer'],
  describe: (body, transfer) => ({
    action: body.amount < 0 ? 'Moved to a user’s wallet' : 'Moved from a user’s wallet',
    subject: transfer?.id ?? body.idempotency_key,
    details: `${Math.abs(body.amount)} cents`,
  }),
};

/**
 * A transfer batch (the vendor's `/v2/transfer-batches`): up to 5,000 moves of users' wallets, each item with its own
 * key and its own answer (`transfer_id`, or `error`); `pending` until every item is answered, then `completed`. An
 * item's `idempotency_key` is the sandbox's extension: the vendor's answer names an item by its place and its
 * metadata (where the console server stamps the key as `console_request_id`).
 */
export const transferBatchSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    created: z.string().nullish(),
    status: z.string(),
    idempotency_key: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    items: z
      .array(
        z.object({
          transfer_id: z.string().nullish(),
          amount: z.number().nullish(),
          user_id: z.string().nullish(),
          idempotency_key: z.string().nullish(),
          metadata: z.record(z.string(), z.unknown()).nullish(),
          error: z.string().nullish(),
        }),
      )
      .nullish(),
  }),
);
export type TransferBatch = z.infer<typeof transferBatchSchema>;

export function createTransferBatch(
  body: { items: WalletMoveRequest[]; idempotency_key: string; metadata?: Record<string, string> },
  options: { file?: string | undefined; appId?: string | undefined } = {},
) {
  return request({
    method: 'POST',
    path: '/v2/transfer-batches',
    body,
    response: transferBatchSchema,
    ...options,
  });
}

export function listTransferBatches(query: { limit?: number; starting_after?: string } = {}) {
  return request({
    method: 'GET',
    path: '/v2/transfer-batches',
    query: { ...query },
    response: pageSchema(transferBatchSchema),
  });
}

export function getTransferBatch(id: string) {
  return request({
    method: 'GET',
    path: `/v2/transfer-batches/${encodeURIComponent(id)}`,
    response: transferBatchSchema,
  });
}

/** A move between the organization's wallet and an app's (POST /v2/organization-transfers). */
export interface OrganizationMove {
  appId: string;
  /** Signed as the vendor's: negative from the organization's wallet to the app's, positive back. */
  cents: number;
}

export interface OrganizationMoveBody {
  amount: number;
  api_app_id: string;
  idempotency_key: string;
  metadata: Record<string, string>;
}

/**
 * An organization transfer. The vendor rejects an organization transfer's key it has seen, as a transfer's, so a
 * resend after a look-up that found nothing is safe in both modes.
 */
export const organizationTransferMoney: MoneyKind<OrganizationMove, OrganizationMoveBody> = {
  noun: 'organization transfer',
  bodyOf: (draft, { idempotencyKey, operator }) => ({
    amount: draft.cents,
    api_app_id: draft.appId,
    idempotency_key: idempotencyKey,
    metadata: { console_request_id: idempotencyKey, ...(operator ? { initiated_by: operator } : {}) },
  }),
  keyOf: (body) => body.idempotency_key,
  send: async (body) => ({
    transfer: await request({
      method: 'POST',
      path: '/v2/organization-transfers',
      body,
      response: transferSchema,
    }),
    replayed: false,
  }),
  findByKey: (body) => findTransferByKey(body.idempotency_key),
  keyOnReuse: KEY_ON_REUSE['organization-transfer'],
  describe: (body, transfer) => ({
    action: body.amount < 0 ? 'Moved to an app’s wallet' : 'Moved to the organization’s wallet',
    subject: transfer?.id ?? body.idempotency_key,
    details: `${Math.abs(body.amount)} cents`,
  }),
};
