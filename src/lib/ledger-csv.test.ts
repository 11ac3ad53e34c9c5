import { describe, expect, it } from 'vitest';
import { csvField, LEDGER_CSV_HEADER, ledgerCsvChunk } from './ledger-csv';

describe("the ledger's CSV", () => {
  it("writes each line with its signed cents and dollars and the page's words for its type, and sums the page", () => {
    const { text, cents } = ledgerCsvChunk([
      {
        id: 2,
        created: '2026-11-27T10:00:00.000Z',
        type: 'refill',
        amount: 5_000,
        source_name: 'Bank',
        destination_name: 'Shop, Inc.',
        wallet: { type: 'app', id: 'a1' },
        transfer_id: 't1',
      },
      {
        id: 1,
        created: '2026-11-27T09:00:00.000Z',
        type: 'payout',
        amount: -1_250,
        source_name: 'Shop',
        destination_name: '=HYPERLINK("x")',
      },
    ]);
    expect(cents).toBe(3_750);
    expect(text.split('\n')).toEqual([
      '2,2026-11-27T10:00:00.000Z,refill,5000,$50.00,Bank,"Shop, Inc.",app:a1,t1,Deposit or withdrawal',
      `1,2026-11-27T09:00:00.000Z,payout,-1250,-$12.50,Shop,"'=HYPERLINK(""x"")",,,Payout`,
      '',
    ]);
    expect(LEDGER_CSV_HEADER.trim().split(',')).toHaveLength(10);
    expect(LEDGER_CSV_HEADER.trim().split(',').at(-1)).toBe('type_words');
  });

  it('quotes what needs quoting and defuses formulas, never a number', () => {
    expect(csvField('-1250')).toBe('-1250');
    expect(csvField('-$1,250.00')).toBe('"-$1,250.00"');
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField('a\nb')).toBe('"a\nb"');
  });
});
