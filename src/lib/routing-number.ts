/**
 * ABA routing transit numbers: nine digits whose weighted sum (weights 3, 7, 1 repeating) is a multiple of 10.
 * The checksum catches every single-digit typo and most transpositions before a request is sent.
 */
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(value[i]) * (WEIGHTS[i] as number);
  return sum % 10 === 0;
}

/** Why a routing number is refused, or null when it is fine: a message for the field. */
export function routingNumberProblem(value: string): string | null {
  if (value === '') return 'Enter the 9-digit routing number';
  if (!/^\d+$/.test(value)) return 'Routing number has digits only';
  if (value.length !== 9) return `Routing number has 9 digits (this has ${value.length})`;
  if (!isValidRoutingNumber(value))
    return 'This is not a valid ABA routing number (check digit does not match)';
  return null;
}

/** A few well-known routing numbers, so that the operator sees the bank they expect; not a directory. */
const KNOWN_BANKS: Readonly<Record<string, string>> = {
  '011000015': 'Federal Reserve Bank of Boston',
  '021000021': 'JPMorgan Chase Bank',
  '021000089': 'Citibank',
  '026009593': 'Bank of America',
  '121000248': 'Wells Fargo Bank',
  '111000025': 'Bank of America',
  '122000247': 'Wells Fargo Bank',
  '322271627': 'JPMorgan Chase Bank',
  '091000019': 'Wells Fargo Bank',
  '110000000': 'Stripe test bank',
};

export function bankNameFor(routingNumber: string): string | null {
  return KNOWN_BANKS[routingNumber] ?? null;
}
