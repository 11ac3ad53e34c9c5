import { type LedgerQuery, listTransactions } from '../../api/ledger';
import { LEDGER_CSV_HEADER, ledgerCsvChunk } from '../../lib/ledger-csv';

/**
 * The range's lines as a CSV file, read a page of 100 at a time and written as it is read: each page's text is a part
 * of the Blob, the page's work is small, and the tab gets its turn between pages, so that 100,000 lines never freeze
 * it. The sum comes back with the file, to be shown beside the range's balance change.
 */
export async function exportLedger(
  query: Omit<LedgerQuery, 'limit' | 'starting_after' | 'ending_before'>,
  onProgress: (lines: number) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; lines: number; cents: number }> {
  const parts: BlobPart[] = [LEDGER_CSV_HEADER];
  let lines = 0;
  let cents = 0;
  let after: string | undefined;
  for (;;) {
    if (signal.aborted) throw new DOMException('The export was stopped', 'AbortError');
    const page = await listTransactions({ ...query, limit: 100, starting_after: after });
    const chunk = ledgerCsvChunk(page.data.map((line) => ({ ...line, amount: Number(line.amount) })));
    parts.push(chunk.text);
    lines += page.data.length;
    cents += chunk.cents;
    onProgress(lines);
    const last = page.data.at(-1)?.id;
    if (!page.has_more || last === undefined || String(last) === after) break;
    after = String(last);
    // The tab's turn: a click, a scroll or a paint between two pages.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { blob: new Blob(parts, { type: 'text/csv' }), lines, cents };
}
