/**
 * Money is integer cents everywhere; dollars exist only as text at the edge of the UI. Conversions work on the
 * digits of the string, never through floating point, so "0.29" is 29 cents and not 28.999999.
 */

/** The largest payment the service takes: $1,000,000.00 (docs/sandbox.md, "Payments"). */
export const MAX_PAYMENT_CENTS = 100_000_000;

export type ParsedDollars = { ok: true; cents: number } | { ok: false; problem: string };

/** Dollars as an operator types them ("12.34", "1,250.05", "$7", " 0.5 ") -> integer cents, or why not. */
export function parseDollars(input: string): ParsedDollars {
  const text = input.trim().replace(/^\$/, '').trim();
  if (text === '') return { ok: false, problem: 'Enter an amount' };
  if (text.startsWith('-')) return { ok: false, problem: 'The amount must be positive' };
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === undefined && !match[2])) {
    return { ok: false, problem: 'Enter the amount in dollars, like 12.34' };
  }
  const whole = (match[1] ?? '0').replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, problem: 'At most two decimal places (whole cents)' };
  if (whole.replace(/^0+/, '').length > 9) return { ok: false, problem: 'The amount is too large' };
  // Shift the decimal point in the text itself: "12" + "30" is 1230 cents.
  return { ok: true, cents: Number(whole + fraction.padEnd(2, '0')) };
}

/** Integer cents -> "$1,234.56" (negative amounts as "-$1.00"). */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${digits.slice(-2)}`;
}

/** Why an amount in cents cannot be paid, or null: the service takes 1 cent to MAX_PAYMENT_CENTS inclusive. */
export function paymentAmountProblem(cents: number): string | null {
  if (cents < 1) return 'The amount must be at least $0.01';
  if (cents > MAX_PAYMENT_CENTS) return `The amount can be at most ${formatCents(MAX_PAYMENT_CENTS)}`;
  return null;
}

/** Integer cents -> "1234.56", a decimal string as the vendor writes wallet balances ("-1.00" below zero). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * A decimal string as the vendor writes a wallet balance ("1234.56", "-1.00", "7", a number 1234.5 too) -> integer
 * cents, exactly, by its digits; null when it is not one.
 */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number((match[2] as string) + (match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] ? -cents : cents;
}
