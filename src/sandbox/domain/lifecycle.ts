import type { Db } from '../store/db';
import { addLinkEvent, addToAppWallet, addToUserWallet, updatePayoutLink } from '../store/payouts';
import { addToBalances, creditedAppOf, namedUser } from '../store/tenants';
import {
  appendStatusHistory,
  insertTransaction,
  type TransferRow,
  type TransferStatus,
  transfersDueToSettle,
  updateTransferStatus,
} from '../store/transfers';
import { payableTransferMoved } from './ap-transfer-moves';
import { DomainError } from './errors';

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

/** ACH return codes the magic test accounts produce (and the one a payee's wallet account gives). */
export const RETURN_CODES: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account / unable to locate account',
  R10: 'Customer advises not authorized',
  PAYEE: "The payee's account refused the payout",
};

/** Last four digits of a test account -> its scripted outcome (docs/sandbox.md: "Test bank accounts"). */
export function outcomeForAccount(last4: string): string {
  switch (last4) {
    case '0001':
      return 'fail:R01';
    case '0002':
      return 'fail:R02';
    case '0003':
      return 'fail:R03';
    case '0010':
      return 'reverse:R10';
    default:
      return 'success';
  }
}

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
 * the credited app's and organization's balances. One transaction: all of it or none.
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
    if (transfer.type === 'payment' && to === 'completed') {
      addToBalances(db, transfer.org_id, transfer.app_id, transfer.amount);
    }
    if (transfer.type === 'payment' && to === 'reversed') {
      addToBalances(db, transfer.org_id, transfer.app_id, -transfer.amount);
    }
    // A bill paid by ACH debit took nothing from the wallet, so nothing goes back there.
    const fromWallet = transfer.type === 'payout' || (transfer.type === 'payable' && transfer.funded === 1);
    if (fromWallet && (to === 'failed' || to === 'reversed')) returnPayout(db, transfer, to, nowMs);
    // A bill's payment: the bill follows its transfer (paid, or failed and payable again).
    if (transfer.type === 'payable') payableTransferMoved(db, transfer, to, nowMs);
  })();
}

/**
 * A payout (or a bill's payment) that failed or came back: its money goes back where it came from, visibly (a `balance` transaction back
 * to the app's wallet, or to the user's), and the payout link it was claimed through says so too.
 */
function returnPayout(db: Db, transfer: TransferRow, to: TransferStatus, nowMs: number): void {
  const at = new Date(nowMs).toISOString();
  const app = creditedAppOf(db, transfer.org_id, transfer.app_id);
  const user = transfer.user_id ? namedUser(db, transfer.org_id, transfer.user_id) : undefined;
  const payee = user ? `${user.first_name} ${user.last_name}`.trim() : 'The payee';
  if (transfer.funded) addToAppWallet(db, transfer.org_id, transfer.app_id, transfer.amount);
  else if (transfer.user_id) addToUserWallet(db, transfer.user_id, transfer.amount);
  insertTransaction(db, {
    transfer_id: transfer.id,
    type: 'balance',
    amount: transfer.amount,
    source_name: payee,
    destination_name: transfer.funded ? (app?.name ?? "The app's wallet") : payee,
    metadata: JSON.stringify({ returned: true, reason: to }),
    created: at,
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
