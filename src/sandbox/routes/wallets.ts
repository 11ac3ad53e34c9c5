import { z } from 'zod';
import {
  achAccountSchema,
  appSettingsSchema,
  organizationTransferSchema,
  transferBatchRequestSchema,
  transferRequestSchema,
  walletAmountSchema,
} from '../../lib/requests/wallets';
import { listTransactions, transactionOf, transactionTotals } from '../domain/transactions';
import { listTransferBatches, transferBatchOf } from '../domain/transfer-batches';
import {
  achAccountView,
  appSettingsOf,
  changeSettings,
  deposit,
  setAchAccount,
  walletsOf,
  withdraw,
} from '../domain/treasury';
import {
  createOrganizationTransfer,
  createTransfer,
  listOrganizationTransfers,
  organizationTransferOf,
} from '../domain/wallet-transfers';
import type { Services } from '../services';
import { cursorFields, jsonText, limitParam, oneCursor, type RouteDef, route, uuidParam } from './define';
import { errorResponse, standardErrors } from './response-schemas';
import { transactionResponse, transferResponse } from './transfer-schemas';
import { dateParam } from './transfers';

/**
 * Wallet moves and the ledger (docs/sandbox.md, "Wallets and the ledger"): an app's ACH account, settings, deposits
 * and withdrawals; transfers between a user's wallet and the app's, transfer batches, organization transfers; the
 * transactions every one of them writes.
 */

const appParams = z.object({ app_id: uuidParam('app_id') });
const pageQuery = oneCursor(z.object(cursorFields));

const achAccountResponse = z
  .object({
    mask: z.string().meta({ description: 'The last four digits of the account number' }),
    name: z.string(),
  })
  .meta({ title: 'ach-account' });

const settingsResponse = z
  .object({
    payout_options_exclude_list: z.array(z.string()),
    auto_refill_active: z.boolean(),
    refill_amount: z.int().optional(),
    refill_threshold: z.int().optional(),
  })
  .meta({ title: 'app-settings' });

const batchItemResponse = z
  .object({
    transfer_id: z.uuid().optional(),
    amount: z.int(),
    user_id: z.uuid(),
    tax_exempt: z.boolean().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    idempotency_key: z.uuid().optional().meta({ 'x-extension': true }),
    error: z.string().optional(),
  })
  .meta({ title: 'transfer-batch-item' });

const batchResponse = z
  .object({
    id: z.uuid(),
    created: z.iso.datetime().meta({ 'x-extension': true }),
    status: z.enum(['pending', 'completed']),
    metadata: z.record(z.string(), z.unknown()),
    idempotency_key: z.uuid().optional().meta({ 'x-extension': true }),
    items: z.array(batchItemResponse),
  })
  .meta({ title: 'transfer-batch' });

/** A transaction's id is a whole number (the vendor's `transaction.id`), and so are the ledger's cursors. */
const lineId = (what: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${what} is a transaction id (a whole number)`)
    .transform(Number);

const ledgerFilters = {
  wallet_id: uuidParam('wallet_id').optional().meta({
    'x-extension': true,
    description: "Only this wallet's lines: the organization's, an app's or a user's id",
  }),
  type: z
    .enum(
      ['balance', 'refill', 'payout', 'payment', 'fee', 'surrogate'],
      'One of balance, refill, payout, payment, fee, surrogate',
    )
    .optional()
    .meta({ 'x-extension': true }),
  source_wallet_id: uuidParam('source_wallet_id').optional().meta({
    'x-extension': true,
    description:
      "Only the lines of movements whose money left this wallet (the organization's, an app's or a user's)",
  }),
  destination_wallet_id: uuidParam('destination_wallet_id').optional().meta({
    'x-extension': true,
    description: 'Only the lines of movements whose money went into this wallet',
  }),
  start_date: dateParam(false).optional().meta({ 'x-extension': true }),
  end_date: dateParam(true).optional().meta({ 'x-extension': true }),
  bill: z.enum(['true', 'false'], 'true or false').optional().meta({
    'x-extension': true,
    description:
      "true: only a bill's lines (its payment, a payout line, and its return, a balance one); false: none of them",
  }),
};

const transactionsQuery = z
  .object({
    limit: limitParam,
    starting_after: lineId('starting_after').optional(),
    ending_before: lineId('ending_before').optional(),
    include_transfer: z.enum(['true', 'false'], 'true or false').optional(),
    ...ledgerFilters,
  })
  .refine((q) => !(q.starting_after && q.ending_before), {
    message: 'Give starting_after or ending_before, not both',
    path: ['ending_before'],
  });

const moneyErrors = {
  ...standardErrors,
  409: { description: 'idempotency-key-used: a key is never used twice', schema: errorResponse },
};

export function walletRoutes({ transferBatches }: Services): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/v2/apps/{app_id}/ach-account',
      operationId: 'get-app-ach-account',
      summary: "The app's bank account: its mask and name, never its number",
      tags: ['apps'],
      params: appParams,
      responses: { 200: { description: 'OK', schema: achAccountResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(achAccountView(caller, params.app_id)),
    }),
    route({
      method: 'PUT',
      path: '/v2/apps/{app_id}/ach-account',
      operationId: 'add-app-ach-account',
      summary: "Set or replace the app's bank account (where withdrawals go, and deposits come from)",
      tags: ['apps'],
      params: appParams,
      body: achAccountSchema,
      responses: { 200: { description: 'OK', schema: achAccountResponse }, ...standardErrors },
      handle: ({ c, params, body, caller }) => c.json(setAchAccount(caller, params.app_id, body)),
    }),
    route({
      method: 'POST',
      path: '/v2/apps/{app_id}/deposit',
      operationId: 'post-app-deposit',
      summary:
        "A deposit from the app's bank account (a `refill` transfer): pending, spendable when completed",
      tags: ['apps'],
      params: appParams,
      body: walletAmountSchema,
      responses: { 200: { description: 'OK', schema: transferResponse }, ...moneyErrors },
      handle: ({ c, params, body, caller }) => jsonText(c, deposit(caller, params.app_id, body)),
    }),
    route({
      method: 'POST',
      path: '/v2/apps/{app_id}/withdraw',
      operationId: 'post-app-withdraw',
      summary:
        "Money out of the app's wallet to its bank account, and only there (a `refill` of a negative amount)",
      tags: ['apps'],
      params: appParams,
      body: walletAmountSchema,
      responses: { 200: { description: 'OK', schema: transferResponse }, ...moneyErrors },
      handle: ({ c, params, body, caller }) => jsonText(c, withdraw(caller, params.app_id, body)),
    }),
    route({
      method: 'POST',
      path: '/v2/apps/{app_id}/change_settings',
      operationId: 'post-app-change-settings',
      summary: "Change the app's payout options and auto-refill",
      tags: ['apps'],
      params: appParams,
      body: appSettingsSchema,
      responses: {
        200: { description: 'Successfully updated settings', schema: settingsResponse },
        ...standardErrors,
      },
      handle: ({ c, params, body, caller }) => c.json(changeSettings(caller, params.app_id, body)),
    }),
    route({
      method: 'GET',
      path: '/v2/apps/{app_id}/settings',
      operationId: 'sandbox-get-app-settings',
      summary: "The app's settings now",
      tags: ['apps'],
      extension: true,
      params: appParams,
      responses: { 200: { description: 'OK', schema: settingsResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(appSettingsOf(caller, params.app_id)),
    }),
    route({
      method: 'GET',
      path: '/v2/wallets',
      operationId: 'sandbox-list-wallets',
      summary:
        "The organization's own wallet and each app's, with what it may spend and the deposits and payments on their way in, and the users' wallets' sum",
      tags: ['transfers'],
      extension: true,
      responses: {
        200: {
          description: 'OK',
          schema: z.object({
            organization: z.object({ id: z.uuid(), name: z.string(), balance: z.int() }),
            apps: z.array(
              z.object({
                id: z.uuid(),
                name: z.string(),
                balance: z.int(),
                withdrawable_amount: z.int(),
                pending_payments: z.int(),
                pending_payment_count: z.int(),
                ach_account: z.object({ mask: z.string(), name: z.string() }).nullable(),
                pending_deposits: z.int(),
                pending_deposit_count: z.int(),
                pending: z.array(
                  z.object({
                    id: z.uuid(),
                    amount: z.int(),
                    status: z.enum(['created', 'pending']),
                    created: z.iso.datetime(),
                    auto_refill: z.boolean(),
                  }),
                ),
              }),
            ),
            users: z.object({ balance: z.int(), count: z.int() }),
          }),
        },
        ...standardErrors,
      },
      handle: ({ c, caller }) => c.json(walletsOf(caller)),
    }),
    route({
      method: 'POST',
      path: '/v2/transfers',
      operationId: 'create-transfer',
      summary:
        "Between a user's wallet and the app's: positive from the user, negative to the user. A used key is refused",
      tags: ['transfers'],
      body: transferRequestSchema,
      responses: { 200: { description: 'OK', schema: transferResponse }, ...moneyErrors },
      handle: ({ c, body, caller }) => jsonText(c, createTransfer(caller, body)),
    }),
    route({
      method: 'GET',
      path: '/v2/transfer-batches',
      operationId: 'get-transfer-batches',
      summary: 'Transfer batches, newest first',
      tags: ['transfer-batches'],
      query: pageQuery,
      responses: {
        200: { description: 'OK', schema: z.object({ data: z.array(batchResponse), has_more: z.boolean() }) },
        ...standardErrors,
      },
      handle: ({ c, query, caller }) => c.json(listTransferBatches(caller, query)),
    }),
    route({
      method: 'POST',
      path: '/v2/transfer-batches',
      operationId: 'create-transfer-batch',
      summary: 'Up to 5,000 transfers, each with its key and its own result; pending, then completed',
      tags: ['transfer-batches'],
      body: transferBatchRequestSchema,
      responses: { 200: { description: 'OK', schema: batchResponse }, ...moneyErrors },
      handle: ({ c, body, caller }) => c.json(transferBatches.take(caller, body)),
    }),
    route({
      method: 'GET',
      path: '/v2/transfer-batches/{transfer_batch_id}',
      operationId: 'get-transfer-batch',
      summary: "One transfer batch with each item's result",
      tags: ['transfer-batches'],
      params: z.object({ transfer_batch_id: uuidParam('transfer_batch_id') }),
      responses: { 200: { description: 'OK', schema: batchResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(transferBatchOf(caller, params.transfer_batch_id)),
    }),
    route({
      method: 'GET',
      path: '/v2/organization-transfers',
      operationId: 'list-organization-transfers',
      summary: "Transfers between the organization's wallet and its apps', newest first",
      tags: ['transfers'],
      query: pageQuery,
      responses: {
        200: {
          description: 'OK',
          schema: z.object({ data: z.array(transferResponse), has_more: z.boolean() }),
        },
        ...standardErrors,
      },
      handle: ({ c, query, caller }) => jsonText(c, listOrganizationTransfers(caller, query)),
    }),
    route({
      method: 'POST',
      path: '/v2/organization-transfers',
      operationId: 'create-organization-transfer',
      summary:
        "Between the organization's wallet and an app's: negative to the app, positive to the organization",
      tags: ['transfers'],
      body: organizationTransferSchema,
      responses: { 200: { description: 'OK', schema: transferResponse }, ...moneyErrors },
      handle: ({ c, body, caller }) => jsonText(c, createOrganizationTransfer(caller, body)),
    }),
    route({
      method: 'GET',
      path: '/v2/organization-transfers/{transfer_id}',
      operationId: 'get-organization-transfer',
      summary: 'One organization transfer',
      tags: ['transfers'],
      params: z.object({ transfer_id: uuidParam('transfer_id') }),
      responses: { 200: { description: 'OK', schema: transferResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => jsonText(c, organizationTransferOf(caller, params.transfer_id)),
    }),
    route({
      method: 'GET',
      path: '/v2/transactions',
      operationId: 'get-transactions',
      summary: 'The ledger: every line of every wallet, newest first, by keyset pages',
      tags: ['transactions'],
      query: transactionsQuery,
      responses: {
        200: {
          description: 'OK',
          schema: z.object({ data: z.array(transactionResponse), has_more: z.boolean() }),
        },
        ...standardErrors,
      },
      handle: ({ c, query, caller }) => jsonText(c, listTransactions(caller, query)),
    }),
    route({
      method: 'GET',
      path: '/v2/transactions/totals',
      operationId: 'sandbox-transaction-totals',
      summary: "The range's lines summed by type, and their net (the balance change of the wallets filtered)",
      tags: ['transactions'],
      extension: true,
      query: z.object(ledgerFilters),
      responses: {
        200: {
          description: 'OK',
          schema: z.object({
            totals: z.array(
              z.object({
                type: z.string(),
                /** A bill's payment (or its return): the lines of its type that pay a bill, counted apart. */
                bill: z.boolean(),
                amount: z.int(),
                count: z.int(),
              }),
            ),
            net: z.int(),
          }),
        },
        ...standardErrors,
      },
      handle: ({ c, query, caller }) => c.json(transactionTotals(caller, query)),
    }),
    route({
      method: 'GET',
      path: '/v2/transactions/{transaction_id}',
      operationId: 'get-transaction',
      summary: 'One line of the ledger',
      tags: ['transactions'],
      params: z.object({ transaction_id: lineId('transaction_id') }),
      responses: { 200: { description: 'OK', schema: transactionResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => jsonText(c, transactionOf(caller, params.transaction_id)),
    }),
  ];
}
