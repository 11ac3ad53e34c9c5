/**
 * A bill's Pay refused by the payer's daily limit, in words fit for a bill: the limit's own message ends by asking to
 * submit the payment for approval, but a bill has no such path (its approval is its policy's, and done). What the
 * payer can do is said instead: another member with room in their day pays it, or they pay it when their day has room.
 */
export function dailyLimitWordsForABill(message: string): string {
  const why = message.replace(/: submit it for approval$/, '');
  return `${why}. A bill is not submitted again for this: another member with room in their daily limit pays it, or you pay it tomorrow, once what you paid in the last 24 hours leaves room`;
}
