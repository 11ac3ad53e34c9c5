import { formatCents } from './money';

/**
 * An app's auto-refill the console paused because the approval limit went below its amount (or approvals were
 * switched on above it): said alike in the trail and on the Treasury page.
 */
export interface RefillPause {
  /** The refill amount that was running, in cents; null when the service does not say it (upstream). */
  amount_cents: number | null;
  /** The approval limit it was above, in cents. */
  limit_cents: number;
}

/** Why the refill is off, in words. */
export function refillPauseReason(pause: RefillPause): string {
  const what =
    pause.amount_cents === null
      ? 'Its amount is not known to the console'
      : `Its refill of ${formatCents(pause.amount_cents)} is above the approval limit of ${formatCents(pause.limit_cents)}`;
  const fix =
    pause.amount_cents === null
      ? `so it was paused when the approval limit became ${formatCents(pause.limit_cents)}`
      : 'so each refill would move money no second person saw';
  return `${what}, ${fix}. A finance member turns it on again with an amount at or under the limit.`;
}
