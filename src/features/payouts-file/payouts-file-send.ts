import { moneyRowsOf } from '../../api/money';
import {
  createPayoutBatch,
  getPayoutBatch,
  getPayoutBatchResults,
  listPayoutBatches,
  type PayoutBatch,
  payoutMoney,
} from '../../api/payouts';
import type { RuntimeConfig } from '../../api/runtime-config';
import {
  BatchesRun,
  type BatchRowOutcome,
  type BatchRunDeps,
  type BatchService,
  type RunVerb,
} from '../../lib/file-engine/run-batches';
import { KEY_USED } from '../../lib/money-answer';
import type { CreatePayoutRequest } from '../../lib/payout-request';
import { MAX_BATCH_ITEMS } from '../../lib/requests/payout-batches';
import type { PlannedPayout } from './payouts-file-plan';

export type PayoutOutcome = BatchRowOutcome;

/** What the run does, in the operator's words. */
export const PAY: RunVerb = { base: 'pay', past: 'paid', doing: 'paying' };

export interface RunDeps extends BatchRunDeps {
  /** Where the service is: whether a row may be sent again after a look-up (the one rule of lib/money-answer.ts). */
  mode: RuntimeConfig['mode'];
}

/** A batch's statuses once the service has answered every item (the sandbox's is `completed`). */
const FINISHED = new Set(['completed', 'failed', 'cancelled', 'canceled']);

/**
 * The vendor's payout batches, as the engine's batch runner reads them: an item's result is read from the batch's
 * results endpoint, by its key; how far a batch is, from its `progress` (the sandbox's; upstream may say only a
 * status). Exactly once rests on the vendor's rule that a payout key is never paid twice.
 */
function payoutBatches(mode: RuntimeConfig['mode']): BatchService<CreatePayoutRequest, PayoutBatch> {
  return {
    maxItems: MAX_BATCH_ITEMS,
    create: createPayoutBatch,
    get: getPayoutBatch,
    list: listPayoutBatches,
    answersOf: async (batch) =>
      (await getPayoutBatchResults(batch.id)).items.map((item) => ({
        key: item.idempotency_key ?? undefined,
        transferId: item.transfer?.id,
        keyUsed: item.error_code === KEY_USED,
        error: item.error_message || item.error_code,
      })),
    unanswered: (batch, held) => (batch.progress?.total ?? held) - (batch.progress?.done ?? 0),
    finished: (batch) => FINISHED.has(batch.status),
    itemsInOrder: false,
    // The one rule (lib/money-answer.ts): a payout's key is refused once used, so resending after a look-up that
    // found nothing is safe in both modes.
    ...moneyRowsOf(payoutMoney, mode),
    words: { noun: 'payout', verb: PAY, answer: 'result' },
  };
}

/** Pays a file's payouts as payout batches, row by row where the service has none (lib/file-engine/run-batches). */
export class PayoutsFileRun extends BatchesRun<CreatePayoutRequest, PayoutBatch, PlannedPayout> {
  constructor(rows: readonly PlannedPayout[], deps: RunDeps) {
    super(rows, payoutBatches(deps.mode), deps);
  }
}
