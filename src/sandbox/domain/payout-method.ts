/** The vendor's `payment-method` shape (+ extension `account_type`); the description never holds the number. */
export function payoutMethodView(account: { id: string; last4: string; account_type: string }) {
  const kind = account.account_type === 'savings' ? 'Savings' : 'Checking';
  return {
    id: account.id,
    platform: 'ach' as const,
    description: `${kind} account ending in ${account.last4}`,
    mask: account.last4,
    account_type: account.account_type,
  };
}
