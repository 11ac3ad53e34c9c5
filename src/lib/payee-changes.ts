import { bankNameFor } from './routing-number';

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

/**
 * The method a PUT payout-methods body adds, in the words its approver reads: enough to tell it from a look-alike. A
 * PayPal address, a Venmo handle and a cash tag are names the payee gives out to be paid, not secrets, and are shown
 * whole (`zoe.t.attacker@` is not `zoe.t@`); a bank account by its last four digits and its bank, a phone by its last
 * four digits.
 */
export function describeNewMethod(body: Record<string, unknown>): string {
  const platform = body.platform;
  if (platform === 'ach') {
    const last4 = String(body.account_number ?? body.account_number_last4 ?? '').slice(-4);
    const kind = body.account_type === 'savings' ? 'Savings' : 'Checking';
    const routing = typeof body.routing_number === 'string' ? body.routing_number : null;
    const bank = routing ? ` at ${bankNameFor(routing) ?? `routing number ${routing}`}` : '';
    return `${kind} •••• ${last4}${bank}`;
  }
  if (platform === 'paypal' && typeof body.email === 'string') return `PayPal ${body.email}`;
  if (platform === 'venmo') {
    if (typeof body.handle === 'string') return `Venmo @${body.handle.replace(/^@/, '')}`;
    if (typeof body.phone_number === 'string') return `Venmo ${maskPhone(body.phone_number)}`;
  }
  if (platform === 'cash_app' && typeof body.cash_tag === 'string') {
    return `Cash App $${body.cash_tag.replace(/^\$/, '')}`;
  }
  return railWords(platform);
}

/** A method the service lists, in the same words (never a whole account number or phone). */
export function describeListedMethod(method: Record<string, unknown>): string {
  const suffix = method.is_default ? ' (default)' : '';
  if (method.platform === 'ach') {
    const kind = method.account_type === 'savings' ? 'Savings' : 'Checking';
    return `${kind} •••• ${String(method.mask ?? '').slice(-4)}${suffix}`;
  }
  return `${describeNewMethod(method)}${suffix}`;
}

/** A piece of a method's words, and whether it differs from the method it is compared with. */
export interface MarkedPart {
  text: string;
  differs: boolean;
}

const DEFAULT_MARK = / \(default\)$/;

/** How many characters two texts share at their start, and then at their end (never overlapping). */
function shared(a: string, b: string): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  return { head, tail };
}

/**
 * The new method compared with the payee's method most like it (of the same kind: the most words shared at both
 * ends), with what differs marked: what a look-alike address hides is what the approver must see. Null `like` when
 * the payee has no method of the kind: then nothing is marked, and the method is new.
 */
export function compareWithBefore(
  before: readonly string[],
  after: string,
): { like: string | null; parts: MarkedPart[] } {
  const rail = (words: string) => words.split(' ')[0] ?? '';
  let like: string | null = null;
  let best = -1;
  for (const listed of before) {
    const words = listed.replace(DEFAULT_MARK, '');
    if (rail(words) !== rail(after) || words === after) continue;
    const { head, tail } = shared(words, after);
    if (head + tail > best) {
      best = head + tail;
      like = words;
    }
  }
  if (like === null) return { like: null, parts: [{ text: after, differs: false }] };
  let { head, tail } = shared(like, after);
  // Letters taken out leave nothing between the shared ends: the letter before the gap is marked then.
  if (head + tail === after.length) {
    if (head > 0) head--;
    else tail--;
  }
  const parts: MarkedPart[] = [
    { text: after.slice(0, head), differs: false },
    { text: after.slice(head, after.length - tail), differs: true },
    { text: after.slice(after.length - tail), differs: false },
  ];
  return { like, parts: parts.filter((part) => part.text !== '') };
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
