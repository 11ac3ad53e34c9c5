import { describeAccount } from '../../lib/mask';
import { UNNAMED_BANK_ACCOUNT } from '../../lib/words';
import type { Db } from '../store/db';
import { paidOutTo } from '../store/ledger';
import { addLinkEvent, updatePayoutLink } from '../store/payouts';
import { creditedAppOf, findBankAccount, namedCustomer, namedUser } from '../store/tenants';
import {
  appendStatusHistory,
  type TransferRow,
  type TransferStatus,
  transfersDueToSettle,
  updateTransferStatus,
} from '../store/transfers';
import { payableTransferMoved } from './ap-transfer-moves';

export { outcomeForAccount, RETURN_CODES } from './ach-outcomes';

import { RETURN_CODES } from './ach-outcomes';
import { DomainError } from './errors';
import { appWallet, post, userWallet } from './ledger';
import { payerName, paymentTakenBackBy, takeBackPayment } from './payment-money';

/** The transfer state machine (docs/sandbox.md: "Transfer lifecycle"). */
export const TRANSITIONS: Readonly<Record<TransferStatus, readonly TransferStatus[]>> = {
  created: ['pending', 'canceled', 'flagged'],
  flagged: ['pending', 'canceled'],
  pending: ['completed', 'failed', 'canceled'],
  completed: ['reversed'],
  failed: [],
  canceled: [],
  reversed: [],
};

/** The next step on the happy path, given what the account will do; null when the transfer has no next step. */
export function nextStep(transfer: Pick<TransferRow, 'status' | 'outcome'>): TransferStatus | null {
  switch (transfer.status) {
    case 'created':
    case 'flagged':
      return 'pending';
    case 'pending':
      return transfer.outcome.startsWith('fail:') ? 'failed' : 'completed';
    case 'completed':
      return transfer.outcome.startsWith('reverse:') ? 'reversed' : null;
    default:
      return null;
  }
}

function failureFor(transfer: TransferRow, to: TransferStatus): { code: string; message: string } | null {
  if (to !== 'failed' && to !== 'reversed') return null;
  const code = transfer.outcome.split(':')[1];
  if (code && RETURN_CODES[code]) return { code, message: RETURN_CODES[code] };
  return { code: 'sandbox-forced', message: `Moved to ${to} by a sandbox test request` };
}

/**
 * Moves a transfer to `to` if the state machine allows it, with its history and, for money that arrived or went back,
 * its lines in the ledger (ledger.ts). One transaction: all of it or none.
 */
export function transition(db: Db, transfer: TransferRow, to: TransferStatus, nowMs: number): void {
  if (!TRANSITIONS[transfer.status].includes(to)) {
    throw new DomainError(
      'conflict',
      'transition-not-allowed',
      `A ${transfer.status} transfer cannot become ${to}`,
    );
  }
  db.transaction(() => {
    updateTransferStatus(db, transfer.id, to, nowMs, failureFor(transfer, to));
    appendStatusHistory(db, { transfer_id: transfer.id, status: to, at: new Date(nowMs).toISOString() });
    moneyOf(db, transfer, to, nowMs);
    // A bill's payment: the bill follows its transfer (paid, or failed and payable again).
    if (transfer.type === 'payable') payableTransferMoved(db, transfer, to, nowMs);
  })();
}

/** Who paid, as a payment's lines name them. */
export function payerNameOf(
  db: Db,
  transfer: Pick<TransferRow, 'org_id' | 'user_id' | 'customer_id'>,
): string {
  const payer =
    (transfer.user_id ? namedUser(db, transfer.org_id, transfer.user_id) : undefined) ??
    (transfer.customer_id ? namedCustomer(db, transfer.org_id, transfer.customer_id) : undefined);
  return payerName(payer);
}

/** The ledger lines a step writes: a deposit's money in when it arrives, money back when it fails or is returned. */
function moneyOf(db: Db, transfer: TransferRow, to: TransferStatus, nowMs: number): void {
  const app = creditedAppOf(db, transfer.org_id, transfer.app_id);
  const appName = app?.name ?? "The app's wallet";
  const move = (amount: number, type: string, source: string, destination: string) =>
    post({
      db,
      orgId: transfer.org_id,
      transferId: transfer.id,
      nowMs,
      metadata: transfer.metadata,
      lines: [
        {
          wallet: appWallet(transfer.app_id),
          amount,
          type,
          source_name: source,
          destination_name: destination,
        },
      ],
    });
  // A payment's line was written when it was made (payment-money.ts): arriving moves nothing, not arriving takes it back.
  if (transfer.type === 'payment' && paymentTakenBackBy(to)) {
    takeBackPayment(db, transfer, { payer: payerNameOf(db, transfer), app: appName }, to, nowMs);
  }
  if (transfer.type === 'refill') {
    const account = transfer.account_id
      ? findBankAccount(db, transfer.org_id, transfer.account_id)
      : undefined;
    // Named as the treasury names the app's account ("Checking •••• 6789"), so that a line reads as the page does.
    const bank = account ? describeAccount(account.account_type, account.last4) : UNNAMED_BANK_ACCOUNT;
    const deposit = transfer.amount > 0;
    if (deposit && to === 'completed') move(transfer.amount, 'refill', bank, appName);
    // A deposit the bank returns takes its money back, even below zero (docs/sandbox.md).
    if (deposit && to === 'reversed') move(-transfer.amount, 'refill', appName, bank);
    // A withdrawal that does not arrive puts its money back in the wallet.
    if (!deposit && (to === 'failed' || to === 'reversed' || to === 'canceled')) {
      move(-transfer.amount, 'refill', bank, appName);
    }
  }
  // A bill paid by ACH debit took nothing from the wallet, so nothing goes back there.
  const fromWallet = transfer.type === 'payout' || (transfer.type === 'payable' && transfer.funded === 1);
  if (fromWallet && (to === 'failed' || to === 'reversed')) returnPayout(db, transfer, to, nowMs);
}

/**
 * A payout (or a bill's payment) that failed or came back: its money goes back where it came from, visibly (a `balance` transaction back
 * to the app's wallet, or to the user's), and the payout link it was claimed through says so too.
 */
function metadataOf(transfer: TransferRow): Record<string, unknown> {
  try {
    return transfer.metadata ? (JSON.parse(transfer.metadata) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function returnPayout(db: Db, transfer: TransferRow, to: TransferStatus, nowMs: number): void {
  const at = new Date(nowMs).toISOString();
  const app = creditedAppOf(db, transfer.org_id, transfer.app_id);
  const user = transfer.user_id ? namedUser(db, transfer.org_id, transfer.user_id) : undefined;
  const payee = user ? `${user.first_name} ${user.last_name}`.trim() : undefined;
  // The line says what came back and from whom: the payout (or bill payment) and where it had gone.
  const what = transfer.type === 'payable' ? 'bill payment' : 'payout';
  const paidTo = paidOutTo(db, transfer.id) ?? payee;
  const source = paidTo ? `Returned ${what}: ${paidTo}` : `Returned ${what}`;
  const wallet =
    transfer.funded || !transfer.user_id ? appWallet(transfer.app_id) : userWallet(transfer.user_id);
  post({
    db,
    orgId: transfer.org_id,
    transferId: transfer.id,
    nowMs,
    metadata: JSON.stringify({
      returned: true,
      reason: to,
      ...(transfer.type === 'payable' ? { payable_id: metadataOf(transfer).payable_id } : {}),
    }),
    lines: [
      {
        wallet,
        amount: transfer.amount,
        type: 'balance',
        source_name: source,
        destination_name:
          wallet.kind === 'app' ? (app?.name ?? "The app's wallet") : (payee ?? "The user's wallet"),
      },
    ],
  });
  if (transfer.payout_link_id) {
    updatePayoutLink(db, transfer.payout_link_id, { status: to });
    addLinkEvent(db, transfer.payout_link_id, to, at, 'Its payout did not arrive: the money went back');
  }
}

/**
 * One tick of the settle clock: transfers that have waited `settleMs` in a state move one step, at most `batch` of
 * them, so that a backlog never stalls the server for long (the next tick takes the rest).
 */
export function settleDue(db: Db, settleMs: number, nowMs: number, batch = 200): number {
  let moved = 0;
  for (const transfer of transfersDueToSettle(db, nowMs - settleMs, batch)) {
    const to = nextStep(transfer);
    if (to) {
      transition(db, transfer, to, nowMs);
      moved++;
    }
  }
  return moved;
}

/** Runs the settle clock until stopped; `settleMs` 0 means no clock (tests advance transfers on demand). */
export function startSettleClock(db: Db, settleMs: number, now: () => number): () => void {
  if (settleMs <= 0) return () => {};
  const timer = setInterval(() => settleDue(db, settleMs, now()), Math.max(50, Math.min(settleMs, 1000)));
  timer.unref();
  return () => clearInterval(timer);
}
