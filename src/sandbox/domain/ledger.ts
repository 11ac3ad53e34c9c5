import { formatCents } from '../../lib/money';
import type { Db } from '../store/db';
import { cachedBalance, insertLine, paymentsOnTheirWay, type WalletRef } from '../store/ledger';
import { autoRefill } from './deposits';
import { DomainError } from './errors';

/**
 * The one place a wallet's money moves (docs/sandbox.md, "Wallets and the ledger"): a movement is its transfer (when it
 * has one) and one line per wallet it touches, signed from that wallet's side, written together; the cached balances
 * move with the lines (store/ledger.ts). Payouts, payments, their returns, deposits, withdrawals, transfers, transfer
 * batches, organization transfers and payout links' holds all come here.
 */

export interface Line {
  wallet: WalletRef;
  /** Cents; positive into the wallet, negative out of it. */
  amount: number;
  /** The vendor's transaction type: balance, refill, payout, payment, fee. */
  type: string;
  source_name: string;
  destination_name: string;
}

export interface Movement {
  db: Db;
  orgId: string;
  transferId: string | null;
  nowMs: number;
  metadata: string | null;
  lines: readonly Line[];
}

/** Money that is not there: the vendor's refusal of a movement its wallet cannot cover (400, as Stripe's). */
export function insufficientFunds(what: string, has: number, needs: number): DomainError {
  return new DomainError(
    'invalid',
    'insufficient-funds',
    `${what} has ${formatCents(has)}; this needs ${formatCents(needs)}. Refill it first`,
    [{ path: 'amount', message: `More than the ${formatCents(has)} available` }],
  );
}

/** What a wallet holds now, in cents: the sum of its lines (the vendor's wallet `amount`). */
export function balanceOf(db: Db, orgId: string, wallet: WalletRef): number {
  return cachedBalance(db, wallet, orgId);
}

/**
 * What a wallet may spend now (the vendor's `withdrawable_amount`): its balance less the payments on their way into
 * it, whose lines count from the moment they are made but whose money has not arrived (payment-money.ts).
 */
export function spendableOf(db: Db, orgId: string, wallet: WalletRef): number {
  const balance = balanceOf(db, orgId, wallet);
  return wallet.kind === 'app' ? balance - paymentsOnTheirWay(db, wallet.id).amount : balance;
}

/** Refuses, before anything is written, a movement that would spend more than a paying wallet's arrived money. */
export function requireFunds(db: Db, orgId: string, wallet: WalletRef, cents: number, what: string): void {
  const has = spendableOf(db, orgId, wallet);
  if (has < cents) throw insufficientFunds(what, has, cents);
}

/**
 * Writes a movement's lines. Call inside the transaction that writes its transfer: all of it or none. An app's wallet
 * that a line takes under its refill threshold starts one deposit of its refill amount (deposits.ts).
 */
export function post(movement: Movement): void {
  const { db, orgId, nowMs } = movement;
  const created = new Date(nowMs).toISOString();
  for (const line of movement.lines) {
    insertLine(db, {
      transfer_id: movement.transferId,
      type: line.type,
      amount: line.amount,
      source_name: line.source_name,
      destination_name: line.destination_name,
      metadata: movement.metadata,
      created,
      created_ms: nowMs,
      org_id: orgId,
      wallet: line.wallet,
    });
  }
  for (const line of movement.lines) {
    if (line.wallet.kind === 'app' && line.amount < 0) autoRefill(db, orgId, line.wallet.id, nowMs);
  }
}

export const appWallet = (id: string): WalletRef => ({ kind: 'app', id });
export const userWallet = (id: string): WalletRef => ({ kind: 'user', id });
export const organizationWallet = (id: string): WalletRef => ({ kind: 'organization', id });

/**
 * What a test tenant or the demo starts with in an app's wallet: one line without a transfer (the sandbox makes the
 * world it tests in; the service's own money comes in by deposits).
 */
export function openingBalance(
  db: Db,
  orgId: string,
  app: { id: string; name: string },
  cents: number,
  nowMs: number,
) {
  post({
    db,
    orgId,
    transferId: null,
    nowMs,
    metadata: JSON.stringify({ opening_balance: true }),
    lines: [
      {
        wallet: appWallet(app.id),
        amount: cents,
        type: 'balance',
        source_name: 'Opening balance',
        destination_name: app.name,
      },
    ],
  });
}
