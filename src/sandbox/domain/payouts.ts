import { describePayoutMethod } from '../../lib/payout-methods';
import type { PayoutRequest } from '../../lib/requests/payouts';
import type { Db } from '../store/db';
import { payoutKeyTransfer, spendPayoutKey } from '../store/payouts';
import { creditedAppOf, findUser, type NamedApp, type UserRow } from '../store/tenants';
import { appendStatusHistory, insertTransfer, transferJson } from '../store/transfers';
import type { Caller, Tenant } from './auth';
import { DomainError, notFoundOrUnauthorized } from './errors';
import { forcedPayoutOutcome } from './forced-outcomes';
import { randomHex, uuidV7 } from './ids';
import { appWallet, post, requireFunds, userWallet } from './ledger';
import { outcomeForAccount } from './lifecycle';
import { methodFor, type PayoutMethodView } from './payout-method';

export { insufficientFunds } from './ledger';

/**
 * A payout to a wallet of this kind fails in the sandbox when its address, handle or tag says so ("…fail…"), as an
 * ACH payout does to an account ending in 0001 to 0003: every failure can be had in a test.
 */
function outcomeFor(method: PayoutMethodView): string {
  if (method.platform === 'ach') return outcomeForAccount(method.mask);
  const said = JSON.stringify(method).toLowerCase();
  return said.includes('fail') ? 'fail:PAYEE' : 'success';
}

export interface PayoutMoney {
  db: Db;
  orgId: string;
  app: NamedApp;
  user: UserRow;
  method: PayoutMethodView;
  amount: number;
  fund: boolean;
  metadata: unknown;
  idempotencyKey: string | null;
  nowMs: number;
  payoutLinkId?: string | null;
  payoutBatchId?: string | null;
  /** The app's wallet paid for it already (a payout link holds its money from when it is made). */
  alreadyHeld?: boolean;
}

/**
 * Makes a payout: a transfer of type `payout` to the user's method. With `fund`, the app's wallet pays for it first
 * (a `balance` transaction from the app to the user), and a failure returns the money there; else the user's own
 * wallet pays. Refused, before anything is written, when the wallet cannot cover it. Call inside a transaction.
 */
export function makePayout(money: PayoutMoney): string {
  const { db, orgId, app, user, method, amount, nowMs } = money;
  // Which wallet pays: the app's (with `fund`; a payout link's money was taken from it when the link was made), else
  // the user's own.
  const payer = money.fund ? appWallet(app.id) : userWallet(user.id);
  if (!money.alreadyHeld) {
    requireFunds(
      db,
      orgId,
      payer,
      amount,
      money.fund ? `The app's wallet (${app.name})` : "The user's wallet",
    );
  }
  const created = new Date(nowMs).toISOString();
  const id = uuidV7(nowMs);
  const metadata =
    money.metadata === undefined || money.metadata === null ? null : JSON.stringify(money.metadata);
  insertTransfer(db, {
    id,
    org_id: orgId,
    app_id: app.id,
    user_id: user.id,
    customer_id: null,
    status: 'created',
    type: 'payout',
    amount,
    account_id: method.id,
    external_id: `${method.platform}_${randomHex(24)}`,
    platform: method.platform,
    metadata,
    outcome: forcedPayoutOutcome() ?? outcomeFor(method),
    failure_code: null,
    failure_message: null,
    created,
    created_ms: nowMs,
    status_changed_ms: nowMs,
    payout_link_id: money.payoutLinkId ?? null,
    funded: money.fund ? 1 : 0,
    payout_batch_id: money.payoutBatchId ?? null,
    idempotency_key: money.idempotencyKey,
  });
  appendStatusHistory(db, { transfer_id: id, status: 'created', at: created });
  const payee = `${user.first_name} ${user.last_name}`.trim();
  if (!money.alreadyHeld) {
    post({
      db,
      orgId,
      transferId: id,
      nowMs,
      metadata,
      lines: [
        {
          wallet: payer,
          amount: -amount,
          type: 'payout',
          source_name: money.fund ? app.name : payee,
          destination_name: describePayoutMethod(method),
        },
      ],
    });
  }
  if (money.idempotencyKey) spendPayoutKey(db, orgId, money.idempotencyKey, id);
  return id;
}

/** The refusal of a payout key used before: the vendor rejects it rather than answering the first payout again. */
export function keyUsed(transferId: string): DomainError {
  return new DomainError(
    'conflict',
    'idempotency-key-used',
    `A payout with this idempotency_key was made already (transfer ${transferId}): a payout's key is never used twice`,
    [{ path: 'idempotency_key', message: 'Already used' }],
  );
}

/** The user, the method and the app a payout request names, or the refusal that says which is wrong. */
export function resolvePayout(db: Db, tenant: Tenant, appId: string | undefined, request: PayoutRequest) {
  const app = creditedAppOf(db, tenant.orgId, appId);
  if (!app) throw notFoundOrUnauthorized();
  const user = findUser(db, tenant.orgId, request.user_id);
  if (!user) throw notFoundOrUnauthorized();
  if (user.status === 'disabled') {
    throw new DomainError(
      'conflict',
      'user-disabled',
      'This user is disabled: payouts to them are held until they are not',
    );
  }
  const method = methodFor(db, user, request.platform, request.account_id);
  if (!method) {
    const which =
      request.platform === 'ach' || request.platform === 'bank_transfer'
        ? request.account_id
          ? 'account_id is not a stored bank account of this user'
          : 'A bank payout names the account: give account_id'
        : `The user has no ${request.platform === 'default' ? 'payout method' : `${request.platform} payout method`}`;
    throw new DomainError('invalid', 'no-payout-method', which, [
      {
        path: request.platform === 'ach' || request.platform === 'bank_transfer' ? 'account_id' : 'platform',
        message: which,
      },
    ]);
  }
  return { app, user, method };
}

/** POST /v2/payouts: one payout, refused as a whole (nothing written) when anything about it is wrong. */
export function createPayout(ctx: Caller, request: PayoutRequest): string {
  const { db, tenant } = ctx;
  return db.transaction(() => {
    if (request.idempotency_key) {
      const used = payoutKeyTransfer(db, tenant.orgId, request.idempotency_key);
      if (used) throw keyUsed(used);
    }
    const { app, user, method } = resolvePayout(db, tenant, ctx.appId, request);
    const id = makePayout({
      db,
      orgId: tenant.orgId,
      app,
      user,
      method,
      amount: request.amount,
      fund: request.fund === true,
      metadata: request.metadata,
      idempotencyKey: request.idempotency_key ?? null,
      nowMs: ctx.nowMs,
    });
    return transferJson(db, tenant.orgId, id) as string;
  })();
}
