import type { OrganizationTransferRequest, TransferRequest } from '../../lib/requests/wallets';
import type { Db } from '../store/db';
import {
  creditedAppOf,
  findApp,
  findUser,
  getOrganization,
  type NamedApp,
  type UserRow,
} from '../store/tenants';
import {
  appendStatusHistory,
  findTransfer,
  insertTransfer,
  TRANSFER_JSON,
  transferJson,
} from '../store/transfers';
import { pageOfMovements, spendTransferKey } from '../store/treasury';
import type { Caller } from './auth';
import { found, notFoundOrUnauthorized } from './errors';
import { uuidV7 } from './ids';
import { appWallet, type Line, organizationWallet, post, requireFunds, userWallet } from './ledger';
import { cursorRow, DEFAULT_PAGE_SIZE, type PageQuery } from './pages';
import { refuseUsedKey } from './treasury';

/**
 * Money between wallets, at once: a user's and an app's (POST /v2/transfers, and each item of a transfer batch), the
 * organization's and an app's (organization transfers). A `balance` transfer, completed, with one line per wallet.
 */

interface WalletMove {
  db: Db;
  orgId: string;
  appId: string;
  userId: string | null;
  /** Signed as the vendor's: positive into the app (from the user or to the organization's... see callers). */
  amount: number;
  from: Line['wallet'];
  fromName: string;
  to: Line['wallet'];
  toName: string;
  key: string | null;
  metadata: string | null;
  movement: 'user-transfer' | 'organization-transfer';
  nowMs: number;
  batchId?: string | null;
}

/** Refused when the paying wallet is short; else the transfer and its two lines, and the key spent. */
export function moveBetweenWallets(move: WalletMove): string {
  const { db, orgId, nowMs } = move;
  const cents = Math.abs(move.amount);
  requireFunds(db, orgId, move.from, cents, `${move.fromName}'s wallet`);
  const created = new Date(nowMs).toISOString();
  const id = uuidV7(nowMs);
  insertTransfer(db, {
    id,
    org_id: orgId,
    app_id: move.appId,
    user_id: move.userId,
    customer_id: null,
    status: 'completed',
    type: 'balance',
    amount: move.amount,
    account_id: null,
    external_id: null,
    platform: null,
    metadata: move.metadata,
    outcome: 'success',
    failure_code: null,
    failure_message: null,
    created,
    created_ms: nowMs,
    status_changed_ms: nowMs,
    idempotency_key: move.key,
    movement: move.movement,
  });
  appendStatusHistory(db, { transfer_id: id, status: 'completed', at: created });
  const names = { source_name: move.fromName, destination_name: move.toName };
  post({
    db,
    orgId,
    transferId: id,
    nowMs,
    metadata: move.metadata,
    lines: [
      { wallet: move.from, amount: -cents, type: 'balance', ...names },
      { wallet: move.to, amount: cents, type: 'balance', ...names },
    ],
  });
  if (move.key) spendTransferKey(db, orgId, move.key, id);
  return id;
}

const metadataText = (metadata: unknown) =>
  metadata === undefined || metadata === null ? null : JSON.stringify(metadata);

/** A transfer between a user's wallet and the app's: positive from the user to the app, negative the other way. */
export function userTransfer(
  db: Db,
  orgId: string,
  app: NamedApp,
  user: UserRow,
  item: { amount: number; key: string | null; metadata: unknown; nowMs: number; batchId?: string | null },
): string {
  const person = `${user.first_name} ${user.last_name}`.trim();
  const fromUser = item.amount > 0;
  return moveBetweenWallets({
    db,
    orgId,
    appId: app.id,
    userId: user.id,
    amount: item.amount,
    from: fromUser ? userWallet(user.id) : appWallet(app.id),
    fromName: fromUser ? person : app.name,
    to: fromUser ? appWallet(app.id) : userWallet(user.id),
    toName: fromUser ? app.name : person,
    key: item.key,
    metadata: metadataText(item.metadata),
    movement: 'user-transfer',
    nowMs: item.nowMs,
    batchId: item.batchId ?? null,
  });
}

/** POST /v2/transfers. */
export function createTransfer(ctx: Caller, body: TransferRequest): string {
  const { db, tenant, nowMs } = ctx;
  return db.transaction(() => {
    refuseUsedKey(db, tenant.orgId, body.idempotency_key);
    const app = creditedAppOf(db, tenant.orgId, ctx.appId);
    if (!app) throw notFoundOrUnauthorized();
    const user = found(findUser(db, tenant.orgId, body.user_id));
    const id = userTransfer(db, tenant.orgId, app, user, {
      amount: body.amount,
      key: body.idempotency_key ?? null,
      metadata: body.metadata,
      nowMs,
    });
    return transferJson(db, tenant.orgId, id) as string;
  })();
}

/** POST /v2/organization-transfers: negative from the organization's wallet to the app's, positive back. */
export function createOrganizationTransfer(ctx: Caller, body: OrganizationTransferRequest): string {
  const { db, tenant, nowMs } = ctx;
  return db.transaction(() => {
    refuseUsedKey(db, tenant.orgId, body.idempotency_key);
    const app = found(findApp(db, tenant.orgId, body.api_app_id));
    const organization = found(getOrganization(db, tenant.orgId));
    const toApp = body.amount < 0;
    const id = moveBetweenWallets({
      db,
      orgId: tenant.orgId,
      appId: app.id,
      userId: null,
      amount: body.amount,
      from: toApp ? organizationWallet(organization.id) : appWallet(app.id),
      fromName: toApp ? organization.name : app.name,
      to: toApp ? appWallet(app.id) : organizationWallet(organization.id),
      toName: toApp ? app.name : organization.name,
      key: body.idempotency_key ?? null,
      metadata: metadataText(body.metadata),
      movement: 'organization-transfer',
      nowMs,
    });
    return transferJson(db, tenant.orgId, id) as string;
  })();
}

/** GET /v2/organization-transfers: newest first, by keyset. */
export function listOrganizationTransfers({ db, tenant }: Caller, query: PageQuery): string {
  const cursor = (id: string | undefined) =>
    cursorRow(id, (given) => {
      const row = findTransfer(db, tenant.orgId, given);
      return row?.movement === 'organization-transfer' ? row : undefined;
    });
  const page = pageOfMovements(db, tenant.orgId, 'organization-transfer', TRANSFER_JSON, {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    after: cursor(query.starting_after),
    before: cursor(query.ending_before),
  });
  return `{"data":[${page.rows.join(',')}],"has_more":${page.more}}`;
}

export function organizationTransferOf({ db, tenant }: Caller, id: string): string {
  const row = findTransfer(db, tenant.orgId, id);
  if (row?.movement !== 'organization-transfer') throw notFoundOrUnauthorized();
  return transferJson(db, tenant.orgId, id) as string;
}
