import type { Transfer } from '../../api/schemas';
import { requestIdOf } from '../../api/transfers';
import { toWalletMoveRequest, type WalletMoveRequest } from '../../lib/wallet-move-request';
import type { ResolvedMove } from './moves-file-resolve';

/** A row of the review: the move, its key, its body, and the transfer it made already (found by its key), if any. */
export interface PlannedMove {
  move: ResolvedMove;
  key: string;
  body: WalletMoveRequest;
  paidBefore?: string | undefined;
}

/**
 * Each row's place in the review: its body (the one builder the single move uses too), and paid before when a
 * transfer of the last 24 hours carries its key, so that it is not sent again.
 */
export function planMoves(
  moves: readonly ResolvedMove[],
  keys: readonly string[],
  lastDay: readonly Transfer[],
  operator: string | undefined,
): PlannedMove[] {
  const paidBefore = new Map(
    lastDay.flatMap((transfer) => {
      const id = transfer.type === 'balance' ? requestIdOf(transfer) : null;
      return id ? [[id, transfer.id] as const] : [];
    }),
  );
  return moves.map((move, index) => {
    const key = keys[index] as string;
    return {
      move,
      key,
      body: toWalletMoveRequest(
        { userId: move.userId, direction: move.direction, cents: move.cents, metadata: move.metadata },
        { idempotencyKey: key, operator },
      ),
      paidBefore: paidBefore.get(key),
    };
  });
}

export interface MovesSummary {
  /** The rows to move now: those not moved before. */
  toPay: PlannedMove[];
  paidBefore: number;
  /** Every row's size, whichever way: what the approval limit reads (as the console server does). */
  cents: number;
  /** To users' wallets (out of the app's) and from them (back into it). */
  toUsers: number;
  fromUsers: number;
}

/** What the review and its button say of the rows to move: which, how many were moved before, how much each way. */
export function summarizeMoves(planned: readonly PlannedMove[]): MovesSummary {
  const toPay = planned.filter((row) => !row.paidBefore);
  const sum = (direction: ResolvedMove['direction']) =>
    toPay.reduce((total, row) => total + (row.move.direction === direction ? row.move.cents : 0), 0);
  const toUsers = sum('to_user');
  const fromUsers = sum('from_user');
  return { toPay, paidBefore: planned.length - toPay.length, cents: toUsers + fromUsers, toUsers, fromUsers };
}
