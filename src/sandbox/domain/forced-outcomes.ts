import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * An outcome a fault forces on the payouts one request makes (POST /sandbox/faults with `payout: "fail"`): they fail
 * later, on the service's own clock, as a payee's refusing account would make them, so that a test sees a failure
 * arrive after the payout was accepted. Held for the one request it was armed for, whatever code path makes the payout.
 */
const forced = new AsyncLocalStorage<string>();

/** The payout's outcome when a fault forces one on this request. */
export function forcedPayoutOutcome(): string | undefined {
  return forced.getStore();
}

export function withPayoutsFailing<T>(run: () => T): T {
  return forced.run('fail:PAYEE', run);
}
