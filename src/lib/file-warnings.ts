import { formatCents } from './money';

/** A row of a payments file as the warnings see it: who pays, how much, from which account, under which request id. */
export interface WarnedRow {
  /** The row number of the maker's review (the file's own numbering). */
  row: number;
  payerId: string;
  cents: number;
  /** The stored account's id, or the bank details' routing and account number: the same source is the same text. */
  source: string;
  requestId: string;
}

/** A payment of the last 24 hours. */
export interface RecentPayment {
  payerId: string | null;
  cents: number;
  requestId: string | null;
}

/**
 * What an approver must know of a file before money moves, in words: a row that repeats an earlier row (same payer,
 * amount and source), and a row whose payer paid the same amount in the last 24 hours (another payment than this
 * row's own).
 */
export function fileWarnings(rows: readonly WarnedRow[], recent: readonly RecentPayment[]): string[] {
  const warnings: string[] = [];
  const firstRow = new Map<string, number>();
  for (const row of rows) {
    const same = JSON.stringify([row.payerId, row.cents, row.source]);
    const first = firstRow.get(same);
    if (first === undefined) firstRow.set(same, row.row);
    else warnings.push(`Row ${row.row} repeats row ${first}: the same payer, amount and account`);
    const paid = recent.find(
      (payment) =>
        payment.payerId === row.payerId && payment.cents === row.cents && payment.requestId !== row.requestId,
    );
    if (paid) warnings.push(`Row ${row.row}: this payer paid ${formatCents(row.cents)} in the last 24 hours`);
  }
  return warnings;
}
