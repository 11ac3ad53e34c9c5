/** Masking of bank account numbers: only the last four digits ever leave the form or the server. */
export function lastFour(accountNumber: string): string {
  return accountNumber.slice(-4);
}

export function maskAccount(last4: string): string {
  return `•••• ${last4}`;
}

const ACCOUNT_TYPE_LABEL = { checking: 'Checking', savings: 'Savings' } as const;

/** "Checking •••• 6789"; an unknown type falls back to "Account". */
export function describeAccount(accountType: string | null | undefined, last4: string): string {
  const label = ACCOUNT_TYPE_LABEL[accountType as keyof typeof ACCOUNT_TYPE_LABEL] ?? 'Account';
  return `${label} ${maskAccount(last4)}`;
}

/**
 * A payment's body as it may be shown or kept once it is no longer needed to pay: its bank account number reduced
 * to the last four digits (`ach_info.account_number_last4`), everything else as it was.
 */
export function maskPaymentBody<T extends Record<string, unknown>>(body: T): T {
  const ach = body.ach_info;
  if (typeof ach !== 'object' || ach === null || !('account_number' in ach)) return body;
  const { account_number, ...rest } = ach as { account_number: unknown };
  const last4 = typeof account_number === 'string' ? lastFour(account_number) : '';
  return { ...body, ach_info: { ...rest, account_number_last4: last4 } };
}
