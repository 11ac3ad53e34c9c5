import type { SandboxConfig } from './config';
import type { EventDelivery } from './domain/event-delivery';
import type { FaultRegistry } from './domain/faults';
import type { PayoutBatchWorker } from './domain/payout-batches';
import type { TransferBatchWorker } from './domain/transfer-batches';
import type { Db } from './store/db';
import type { GroupCommit } from './store/group-commit';

/** What the routes of one sandbox share. */
export interface Services {
  db: Db;
  config: SandboxConfig;
  faults: FaultRegistry;
  /** Sends the outbox's events to their subscriptions. */
  events: EventDelivery;
  /** Milliseconds since the epoch; a test may substitute its own clock. */
  now: () => number;
  /** Group commit of the payment writes (store/group-commit.ts). */
  writes: GroupCommit;
  /** Pays payout batches in the background, a chunk at a time. */
  payoutBatches: PayoutBatchWorker;
  /** Moves transfer batches' items in the background, a chunk at a time. */
  transferBatches: TransferBatchWorker;
}
