import { z } from 'zod';
import { formatCents, MAX_PAYMENT_CENTS } from '../../lib/money';
import { describePayoutMethod } from '../../lib/payout-methods';
import { UUID_PATTERN } from '../../lib/uuid';
import { HttpError, notFoundOrUnauthorized } from '../http-error';
import type { Db } from '../store/db';
import {
  addToAppWallet,
  addToUserWallet,
  appWallet,
  payoutKeyTransfer,
  spendPayoutKey,
} from '../store/payouts';
import { creditedAppOf, findUser, type NamedApp, type UserRow } from '../store/tenants';
import { appendStatusHistory, insertTransaction, insertTransfer, transferJson } from '../store/transfers';
import type { Tenant } from './auth';
import { randomHex, uuidV7 } from './ids';
import { outcomeForAccount } from './lifecycle';
import { methodFor, type PayoutMethodView } from './payout-method';

const uuid = z.string().regex(UUID_PATTERN, 'Must be a UUID');
/** The vendor types metadata as a string or an object. */
export const payoutMetadata = z.union([z.string().max(4096), z.record(z.string(), z.unknown())]);

/** The vendor's `payout-create-request`. */
export const payoutRequestSchema = z
  .object({
    user_id: uuid,
    amount: z
      .int('The amount is a whole number of cents')
      .min(1, 'The amount is at least 1 cent')
      .max(MAX_PAYMENT_CENTS, `The amount is at most ${MAX_PAYMENT_CENTS} cents ($1,000,000.00)`),
    platform: z.enum(
      ['paypal', 'venmo', 'ach', 'bank_transfer', 'cash_app', 'default'],
      'One of paypal, venmo, ach, bank_transfer, cash_app, default',
    ),
    account_id: uuid.optional(),
    fund: z.boolean().optional(),
    tax_exempt: z.boolean().optional(),
    idempotency_key: uuid.optional(),
    metadata: payoutMetadata.optional(),
    payout_fee_party: z.enum(['user', 'platform']).optional(),
  })
  .strict();
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

/** The vendor's body of POST /v2/payouts/send-payout. */
export const sendPayoutSchema = z
  .object({
    amount: z.int('Whole cents').min(1, 'At least 1 cent').max(MAX_PAYMENT_CENTS, 'At most $1,000,000.00'),
    user_id: uuid.optional(),
    payee: z
      .object({
        country_code: z.string().regex(/^\d{1,3}$/, 'A country calling code, like 1'),
        phone_number: z.string().regex(/^\d{4,15}$/, 'The digits of the phone number'),
      })
      .strict()
      .optional(),
    delivery: z
      .object({ message: z.string().max(500).optional() })
      .strict()
      .optional(),
    force_collect_compliance_information: z.boolean().optional(),
    additional_steps: z.array(z.string()).optional(),
    tax_exempt: z.boolean().optional(),
    metadata: payoutMetadata.optional(),
    memo: z.string().max(500).optional(),
    idempotency_key: uuid.nullish(),
    payout_fee_party: z.enum(['user', 'platform']).nullish(),
    accounting_data: z
      .object({ quickbooks_account_id: z.int().optional(), quickbooks_class_id: z.int().optional() })
      .strict()
      .optional(),
  })
  .strict()
  .refine((body) => body.user_id !== undefined || body.payee !== undefined, {
    message: 'Give user_id or payee',
    path: ['user_id'],
  });

/** Money that is not there: the vendor's refusal of a payout its wallet cannot cover (400, as Stripe's). */
export function insufficientFunds(what: string, has: number, needs: number): HttpError {
  return new HttpError(
    400,
    'insufficient-funds',
    `${what} has ${formatCents(has)}; this needs ${formatCents(needs)}. Refill it first`,
    [{ path: 'amount', message: `More than the ${formatCents(has)} available` }],
  );
}

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
  if (money.fund && !money.alreadyHeld) {
    const has = appWallet(db, app.id);
    if (has < amount) throw insufficientFunds(`The app's wallet (${app.name})`, has, amount);
    addToAppWallet(db, orgId, app.id, -amount);
  } else if (!money.fund) {
    const has = user.wallet ?? 0;
    if (has < amount) throw insufficientFunds("The user's wallet", has, amount);
    addToUserWallet(db, user.id, -amount);
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
    outcome: outcomeFor(method),
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
  if (money.fund) {
    insertTransaction(db, {
      transfer_id: id,
      type: 'balance',
      amount,
      source_name: app.name,
      destination_name: payee,
      metadata,
      created,
    });
  }
  insertTransaction(db, {
    transfer_id: id,
    type: 'payout',
    amount,
    source_name: payee,
    destination_name: describePayoutMethod(method),
    metadata,
    created,
  });
  if (money.idempotencyKey) spendPayoutKey(db, orgId, money.idempotencyKey, id);
  return id;
}

/** The refusal of a payout key used before: the vendor rejects it rather than answering the first payout again. */
export function keyUsed(transferId: string): HttpError {
  return new HttpError(
    409,
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
    throw new HttpError(
      409,
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
    throw new HttpError(400, 'no-payout-method', which, [
      {
        path: request.platform === 'ach' || request.platform === 'bank_transfer' ? 'account_id' : 'platform',
        message: which,
      },
    ]);
  }
  return { app, user, method };
}

export interface PayoutContext {
  db: Db;
  tenant: Tenant;
  appId: string | undefined;
  nowMs: number;
}

/** POST /v2/payouts: one payout, refused as a whole (nothing written) when anything about it is wrong. */
export function createPayout(ctx: PayoutContext, request: PayoutRequest): string {
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
