import { describeAccount, maskAccount } from './mask';

/** Where a payout can go: the vendor's rails the console and the sandbox know. */
export const PAYOUT_RAILS = ['ach', 'paypal', 'venmo', 'cash_app'] as const;
export type PayoutRail = (typeof PAYOUT_RAILS)[number];

export const RAIL_LABELS: Record<PayoutRail, string> = {
  ach: 'Bank account',
  paypal: 'PayPal',
  venmo: 'Venmo',
  cash_app: 'Cash App',
};

export function isPayoutRail(value: unknown): value is PayoutRail {
  return typeof value === 'string' && (PAYOUT_RAILS as readonly string[]).includes(value);
}

/**
 * The rail a method or a file's cell names, in the console's words: the vendor calls a bank account `bank_transfer`
 * in some answers and `ach` in others, and pays it as `ach`. Any other name is kept as it is, to be judged by
 * `isPayoutRail`.
 */
export function railOf(platform: string): string {
  return platform === 'bank_transfer' ? 'ach' : platform;
}

/** A method's rail, where it is one the console pays to; null for any other. */
export function payoutRailOf(platform: string): PayoutRail | null {
  const rail = railOf(platform);
  return isPayoutRail(rail) ? rail : null;
}

/** "j•••@example.com": enough to recognize an address, not to read it off a screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** "•••• 4432": the last four digits of a phone number. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return maskAccount(digits.slice(-4));
}

/** A payout method as the service lists it (the vendor's `payment-method`). */
export interface PayoutMethodLike {
  platform: string;
  mask?: string | null | undefined;
  account_type?: string | null | undefined;
  email?: string | null | undefined;
  phone_number?: string | null | undefined;
  handle?: string | null | undefined;
  cash_tag?: string | null | undefined;
}

/**
 * A payout method in a few words, masked: "Checking •••• 6789", "PayPal j•••@example.com", "Venmo @sam-sells",
 * "Venmo •••• 4432", "Cash App $samsells". The same words in the console and in the sandbox's transactions.
 */
export function describePayoutMethod(method: PayoutMethodLike): string {
  switch (railOf(method.platform)) {
    case 'ach':
      return describeAccount(method.account_type, method.mask ?? '????');
    case 'paypal':
      return `PayPal ${method.email ? maskEmail(method.email) : ''}`.trim();
    case 'venmo':
      return `Venmo ${method.handle ? `@${method.handle.replace(/^@/, '')}` : method.phone_number ? maskPhone(method.phone_number) : ''}`.trim();
    case 'cash_app':
      return `Cash App ${method.cash_tag ?? ''}`.trim();
    default:
      return method.platform;
  }
}
