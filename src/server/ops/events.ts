import { EventEmitter } from 'node:events';

/**
 * What the server's own operation is made of, said once where it happens and read by metrics and logs: the places
 * that do the work (the audit chain, the executor, the proxy) never know who listens, so that turning metrics off
 * changes nothing they do.
 */
export interface OpsEvents {
  /** A line of the audit trail was appended (its action, outcome and amount, never its targets or detail). */
  'audit-line': [
    {
      action: string;
      outcome: string;
      status: number;
      amountCents: number | null;
      memberId: string | null;
      requestId: string | null;
    },
  ];
  /** An executor renewed its claim on an approved request it is paying. */
  'lease-renewal': [];
  /** A server took over approved requests whose executor had stopped. */
  takeover: [{ requests: number }];
  /** The payout service could not be reached or answered too slowly (502/504 from the proxy). */
  'upstream-error': [{ kind: 'unreachable' | 'timeout' | 'too-large' }];
}

class OpsEventBus extends EventEmitter<OpsEvents> {}

/** One bus per process: every console app in it (a test may make several) reports to the same metrics. */
export const opsEvents = new OpsEventBus();
// Listeners are the metrics and the logger, a handful; no leak warning for a test that builds many apps.
opsEvents.setMaxListeners(0);
