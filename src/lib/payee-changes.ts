/**
 * Where a payee's money goes: the changes that wait for a second member while approvals are on (console server,
 * payees/), and the words their approver reads. Pure.
 */

export type PayeeChangeOperation = 'add-payout-method' | 'set-default';

/** The body of PUT payout-methods with its account number kept by its last four digits only. */
export function maskedPayoutBody(body: Record<string, unknown>): Record<string, unknown> {
  const { account_number, email, phone_number, handle, cash_tag, ...rest } = body;
  // A PayPal, Venmo or Cash App account is where the money goes as much as an account number is: masked as the
  // request's `before` and `after` are.
  return {
    ...rest,
    ...(typeof account_number === 'string' ? { account_number_last4: account_number.slice(-4) } : {}),
    ...(typeof email === 'string' ? { email: maskEmail(email) } : {}),
    ...(typeof phone_number === 'string' ? { phone_number: maskPhone(phone_number) } : {}),
    ...(typeof handle === 'string' ? { handle: `${handle.replace(/^@/, '').slice(0, 2)}•••` } : {}),
    ...(typeof cash_tag === 'string' ? { cash_tag: `${cash_tag.replace(/^\$/, '').slice(0, 2)}•••` } : {}),
  };
}

const RAIL_WORDS: Record<string, string> = {
  ach: 'Bank account',
  paypal: 'PayPal',
  venmo: 'Venmo',
  cash_app: 'Cash App',
  intl_bank: 'International bank account',
  airtm: 'AirTM',
  payoneer: 'Payoneer',
  crypto: 'Crypto wallet',
};

export function railWords(platform: unknown): string {
  return RAIL_WORDS[String(platform)] ?? String(platform);
}

/** An email as a colleague may see it: its first letter and its domain (`j•••@example.com`). */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
}

/** A phone by its last four digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••${digits.slice(-4)}`;
}

/** The method a PUT payout-methods body adds, in masked words. */
export function describeNewMethod(body: Record<string, unknown>): string {
  const platform = body.platform;
  if (platform === 'ach') {
    const last4 = String(body.account_number ?? body.account_number_last4 ?? '').slice(-4);
    const kind = body.account_type === 'savings' ? 'Savings' : 'Checking';
    return `${kind} •••• ${last4}`;
  }
  if (platform === 'paypal' && typeof body.email === 'string') return `PayPal ${maskEmail(body.email)}`;
  if (platform === 'venmo') {
    if (typeof body.phone_number === 'string') return `Venmo ${maskPhone(body.phone_number)}`;
    if (typeof body.handle === 'string')
      return `Venmo @${String(body.handle).replace(/^@/, '').slice(0, 2)}•••`;
  }
  if (platform === 'cash_app' && typeof body.cash_tag === 'string') {
    return `Cash App $${String(body.cash_tag).replace(/^\$/, '').slice(0, 2)}•••`;
  }
  return railWords(platform);
}

/** A method the service lists, in masked words (never its whole address, number or handle). */
export function describeListedMethod(method: Record<string, unknown>): string {
  const suffix = method.is_default ? ' (default)' : '';
  if (method.platform === 'ach') {
    const kind = method.account_type === 'savings' ? 'Savings' : 'Checking';
    return `${kind} •••• ${String(method.mask ?? '').slice(-4)}${suffix}`;
  }
  return `${describeNewMethod(method)}${suffix}`;
}

/**
 * What the approver reads: the change in a sentence, and any email the same change sets (masked): an email set with
 * a method is where the payee's next links are mailed, so the approver confirms it knowingly.
 */
export function describePayeeChange(
  operation: PayeeChangeOperation,
  payee: string,
  after: string,
  email?: string,
): string {
  const change =
    operation === 'add-payout-method'
      ? `Add ${after} as a payout method of ${payee}`
      : `Make ${after} the default payout method of ${payee}`;
  return email ? `${change}, and set their email to ${maskEmail(email)}` : change;
}
