import { formatCents, parseDollars, paymentAmountProblem } from './money';

/**
 * A payout's amount as the rules see it, from the form or a row of a file: dollars in whole cents, within the
 * service's bounds, and (where the wallet's balance is known) no more than the wallet holds, which the service would
 * refuse anyway.
 */
export function payoutAmount(
  amount: string,
  walletCents: number | null,
): { ok: true; cents: number } | { ok: false; problem: string } {
  const parsed = parseDollars(amount);
  if (!parsed.ok) return parsed;
  const bound = paymentAmountProblem(parsed.cents);
  if (bound) return { ok: false, problem: bound };
  if (walletCents !== null && parsed.cents > walletCents) {
    return { ok: false, problem: `More than the wallet holds (${formatCents(walletCents)})` };
  }
  return parsed;
}

/** What the wallet holds after payouts of `cents`; null when its balance is not known. */
export function walletAfter(walletCents: number | null, cents: number): number | null {
  return walletCents === null ? null : walletCents - cents;
}
