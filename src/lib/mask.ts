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
