import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

/** How a spreadsheet or a script reads the text back. */
const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

describe('CSV', () => {
  it('quotes what needs it and parses back to the same fields', () => {
    const rows = [
      ['a,b', 'say "hi"', 'two\nlines', 42, null],
      ['=SUM(A1)', '-5', 'plain', '', undefined],
    ];
    const text = toCsv(['one', 'two', 'three', 'four', 'five'], rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['one', 'two', 'three', 'four', 'five'],
      ['a,b', 'say "hi"', 'two\nlines', '42', ''],
      ["'=SUM(A1)", "'-5", 'plain', '', ''],
    ]);
  });
});
