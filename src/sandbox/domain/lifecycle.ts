import { HttpError } from '../http-error';
import type { Db } from '../store/db';
import { addToBalances } from '../store/tenants';
import {
  appendStatusHistory,
  type TransferRow,
  type TransferStatus,
  transfersDueToSettle,
  updateTransferStatus,
} from '../store/transfers';

/** The transfer state machine (README: "Transfer lifecycle"). */
export const TRANSITIONS: Readonly<Record<TransferStatus, readonly TransferStatus[]>> = {
  created: ['pending', 'canceled', 'flagged'],
  flagged: ['pending', 'canceled'],
  pending: ['completed', 'failed', 'canceled'],
  completed: ['reversed'],
  failed: [],
  canceled: [],
  reversed: [],
};

/** ACH return codes the magic test accounts produce. */
export const RETURN_CODES: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account / unable to locate account',
  R10: 'Customer advises not authorized',
};

/** Last four digits of a test account -> its scripted outcome (README: "Test bank accounts"). */
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
    throw new HttpError(409, 'transition-not-allowed', `A ${transfer.status} transfer cannot become ${to}`);
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
  })();
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
