/**
 * Whether a bill may be the same invoice as another (Bill.com's and Ramp's warning): another bill of the same vendor
 * with the same number that is not cancelled, or with the same amount in the last 30 days.
 */
export interface BillLike {
  id: string;
  number: string;
  amount: number;
  status: string;
  created?: string | null | undefined;
}

const DAYS_30 = 30 * 24 * 60 * 60 * 1000;

export function possibleDuplicates(
  bill: { id?: string | undefined; number: string; amount: number | null },
  others: readonly BillLike[],
  now = Date.now(),
): { other: BillLike; why: 'number' | 'amount' }[] {
  return others
    .filter((other) => other.id !== bill.id && other.status !== 'canceled')
    .flatMap((other): { other: BillLike; why: 'number' | 'amount' }[] => {
      if (bill.number.trim() !== '' && other.number.trim().toLowerCase() === bill.number.trim().toLowerCase())
        return [{ other, why: 'number' as const }];
      const recent = other.created ? now - new Date(other.created).getTime() <= DAYS_30 : false;
      return bill.amount !== null && other.amount === bill.amount && recent
        ? [{ other, why: 'amount' as const }]
        : [];
    });
}
