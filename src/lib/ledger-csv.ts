import { formatCents } from './money';
import { ledgerLineWords } from './words';

/**
 * The ledger's CSV, built a page at a time: each page becomes its lines of text (a header first), and the cents it
 * adds up to, so that an export of any size is written as it is read and its sum checked against the range's change.
 */

export interface LedgerLine {
  id: number | string;
  created?: string | null | undefined;
  type?: string | null | undefined;
  amount: number;
  source_name?: string | null | undefined;
  destination_name?: string | null | undefined;
  transfer_id?: string | null | undefined;
  wallet?: { type: string; id: string } | null | undefined;
  metadata?: unknown;
}

/** `type` is the service's code; `type_words` (last, so the columns before it keep their places) the page's words. */
export const LEDGER_CSV_HEADER =
  'id,created,type,amount_cents,amount,source,destination,wallet,transfer_id,type_words\n';

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is defused. */
export function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?\$?[\d,]*\.?\d+$/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One page's lines as CSV text, and their sum in cents. */
export function ledgerCsvChunk(lines: readonly LedgerLine[]): { text: string; cents: number } {
  let text = '';
  let cents = 0;
  for (const line of lines) {
    cents += line.amount;
    text += `${[
      String(line.id),
      line.created ?? '',
      line.type ?? '',
      String(line.amount),
      formatCents(line.amount),
      line.source_name ?? '',
      line.destination_name ?? '',
      line.wallet ? `${line.wallet.type}:${line.wallet.id}` : '',
      line.transfer_id ?? '',
      ledgerLineWords(line),
    ]
      .map(csvField)
      .join(',')}\n`;
  }
  return { text, cents };
}
