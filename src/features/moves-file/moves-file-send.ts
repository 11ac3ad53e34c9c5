import { moneyRowsOf } from '../../api/money';
import type { RuntimeConfig } from '../../api/runtime-config';
import {
  createTransferBatch,
  getTransferBatch,
  listTransferBatches,
  type TransferBatch,
  userTransferMoney,
} from '../../api/wallet-moves';
import {
  BatchesRun,
  type BatchRowOutcome,
  type BatchRunDeps,
  type BatchService,
  type RunVerb,
} from '../../lib/file-engine/run-batches';
import { KEY_USED } from '../../lib/money-answer';
import { MAX_TRANSFER_BATCH_ITEMS } from '../../lib/requests/wallets';
import type { WalletMoveRequest } from '../../lib/wallet-move-request';
import type { PlannedMove } from './moves-file-plan';

export type MoveOutcome = BatchRowOutcome;

/** What the run does, in the operator's words. */
export const MOVE: RunVerb = { base: 'move', past: 'moved', doing: 'moving' };

export interface MovesRunDeps extends BatchRunDeps {
  mode: RuntimeConfig['mode'];
}

type BatchItem = NonNullable<TransferBatch['items']>[number];

/** The key an item of a batch carries: its own (the sandbox answers it) or its request id (the gate stamps it). */
function itemKey(item: BatchItem): string | undefined {
  const stamped = item.metadata?.console_request_id;
  return item.idempotency_key ?? (typeof stamped === 'string' ? stamped : undefined);
}

const answered = (item: BatchItem) => Boolean(item.transfer_id || item.error);

/**
 * The vendor's transfer batches, as the engine's batch runner reads them: a batch is `pending` until every item is
 * answered, then `completed`; each item's answer is in the batch itself, named by its key, or by its place where the
 * vendor's answer carries none. Exactly once rests on the vendor's rule that a transfer key is refused once used.
 */
function transferBatches(mode: RuntimeConfig['mode']): BatchService<WalletMoveRequest, TransferBatch> {
  return {
    maxItems: MAX_TRANSFER_BATCH_ITEMS,
    create: createTransferBatch,
    get: getTransferBatch,
    list: listTransferBatches,
    answersOf: async (batch) =>
      (batch.items ?? []).map((item) => ({
        key: itemKey(item),
        transferId: item.transfer_id,
        keyUsed: Boolean(item.error?.startsWith(`${KEY_USED}:`)),
        error: item.error,
      })),
    unanswered: (batch) => (batch.items ?? []).filter((item) => !answered(item)).length,
    finished: (batch) => batch.status === 'completed',
    itemsInOrder: true,
    ...moneyRowsOf(userTransferMoney, mode),
    words: { noun: 'transfer', verb: MOVE, answer: 'answer' },
  };
}

/** Moves a file's rows as transfer batches, row by row where the service has none (lib/file-engine/run-batches). */
export class MovesFileRun extends BatchesRun<WalletMoveRequest, TransferBatch, PlannedMove> {
  constructor(rows: readonly PlannedMove[], deps: MovesRunDeps) {
    super(rows, transferBatches(deps.mode), deps);
  }
}
