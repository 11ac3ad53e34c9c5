import type { SandboxConfig } from './config';
import type { FaultRegistry } from './faults';
import type { Db } from './store/db';

/** What the routes of one sandbox share. */
export interface Services {
  db: Db;
  config: SandboxConfig;
  faults: FaultRegistry;
  /** Milliseconds since the epoch; a test may substitute its own clock. */
  now: () => number;
}
