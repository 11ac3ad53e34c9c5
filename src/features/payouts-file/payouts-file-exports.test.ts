import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { resultsCsv, summaryLine } from './payouts-file-exports';
import { planPayouts } from './payouts-file-plan';

/** How a spreadsheet or a script reads the text back. */
const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

const planned = planPayouts(
  [2, 3, 4].map((row) => ({
    row,
    userId: `u${row}`,
    payeeName: row === 3 ? '=Sam Seller' : 'Ada',
    payeeEmail: null,
    cents: 125_005,
    platform: 'paypal' as const,
    methodText: 'PayPal',
    metadata: {},
  })),
  ['k2', 'k3', 'k4'],
  [],
  undefined,
);

describe('what a payouts file writes back', () => {
  it('sums up a run in one line', () => {
    expect(summaryLine({ paid: 1200, paidBefore: 2, refused: 1, unknown: 0 })).toBe(
      '1,200 paid · 2 paid before · 1 refused · 0 unknown',
    );
  });

  it("gives each row's outcome with its request id, and no cell a spreadsheet would run", () => {
    const csv = resultsCsv(planned, [
      { kind: 'paid', transferId: 't-2' },
      { kind: 'refused', message: '-not allowed' },
    ]);
    expect(parseCsv(csv)).toEqual([
      [
        'row',
        'user_id',
        'payee',
        'amount_cents',
        'platform',
        'outcome',
        'transfer_id',
        'error',
        'request_id',
      ],
      ['2', 'u2', 'Ada', '125005', 'paypal', 'Paid', 't-2', '', 'k2'],
      ['3', 'u3', "'=Sam Seller", '125005', 'paypal', 'Refused', '', "'-not allowed", 'k3'],
      ['4', 'u4', 'Ada', '125005', 'paypal', 'To pay', '', '', 'k4'],
    ]);
  });
});
