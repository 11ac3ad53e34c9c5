import Papa from 'papaparse';

/** A file's limits: a month's payments or payouts, not a data dump. */
export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_FILE_ROWS = 1000;

export const METADATA_PREFIX = 'metadata.';

/** One row of a file (a payment, a payout): its row number as a spreadsheet counts (the header is row 1), and its cells. */
export interface FileRow {
  row: number;
  /** Trimmed cells by lower-case column name; an empty cell is absent. */
  cells: Record<string, string>;
  /** The cells as the operator wrote them, in the file's column order (for the rows-to-fix download). */
  raw: string[];
}

export interface RowsFile {
  /** The header as written. */
  header: string[];
  rows: FileRow[];
}

export type FileCheck = { ok: true; file: RowsFile } | { ok: false; problem: string };

/** Characters that text never has: a file holding them is not a CSV (a spreadsheet saved as .xlsx, an image). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

export function fileSizeProblem(bytes: number, rowsAre = 'payments'): string | null {
  if (bytes === 0) return 'The file is empty';
  if (bytes > MAX_FILE_BYTES) {
    return `The file is ${(bytes / 1024 / 1024).toFixed(1)} MiB; a ${rowsAre} file is at most 1 MiB`;
  }
  return null;
}

/** What a kind of file holds: its columns (besides metadata.<key>), what a row is called, how many rows at most. */
export interface FileSpec {
  columns: readonly string[];
  /** "payments", "payouts". */
  rowsAre: string;
  maxRows: number;
}

/** The reader of one kind of file: its spec, read by readRowsFile. */
export function fileReader(spec: FileSpec): (text: string) => FileCheck {
  return (text) => readRowsFile(text, spec);
}

/**
 * Reads a file of rows (payments, payouts): CSV with a header row, comma or semicolon separated (told apart by the
 * file itself), quoted fields, CRLF or LF, a UTF-8 byte order mark; blank lines are skipped but still counted, so row
 * numbers are a spreadsheet's. Header names are matched in any case and order; a column the console does not know is
 * refused by name, as is a file of more rows than the spec allows.
 */
export function readRowsFile(text: string, spec: FileSpec): FileCheck {
  const { columns, rowsAre, maxRows } = spec;
  if (BINARY.test(text.slice(0, 4096)) || text.includes('\u0000')) {
    return {
      ok: false,
      problem: 'This is not a CSV file: save the spreadsheet as CSV (comma separated) first',
    };
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [',', ';'],
    skipEmptyLines: false,
  });
  const records = parsed.data;
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === '')) {
    return { ok: false, problem: 'The file has no header row: the first row names the columns' };
  }
  const names = header.map((cell) => cell.trim().toLowerCase());
  const unknown = names.filter((name) => !columns.includes(name) && !name.startsWith(METADATA_PREFIX));
  if (unknown.length > 0) {
    const shown = unknown.map((name) => (name === '' ? '(a column with no name)' : `"${name}"`)).join(', ');
    return {
      ok: false,
      problem: `Unknown column${unknown.length > 1 ? 's' : ''} ${shown}: the columns are ${columns.join(', ')} and metadata.<key>`,
    };
  }
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) return { ok: false, problem: `The column "${repeated[0]}" appears twice` };
  if (names.some((name) => name === METADATA_PREFIX)) {
    return { ok: false, problem: 'A metadata column needs a key after "metadata.", like metadata.invoice' };
  }

  const rows: FileRow[] = [];
  body.forEach((record, index) => {
    if (record.every((cell) => cell.trim() === '')) return;
    const cells: Record<string, string> = {};
    names.forEach((name, column) => {
      const value = (record[column] ?? '').trim();
      if (value !== '') cells[name] = value;
    });
    rows.push({ row: index + 2, cells, raw: header.map((_, column) => record[column] ?? '') });
  });
  if (rows.length === 0) return { ok: false, problem: `The file has a header but no ${rowsAre}` };
  if (rows.length > maxRows) {
    return {
      ok: false,
      problem: `The file has ${rows.length.toLocaleString('en-US')} ${rowsAre}; a file is at most ${maxRows.toLocaleString('en-US')}`,
    };
  }
  return { ok: true, file: { header, rows } };
}

/** A file's SHA-256 in hex: the console server totals a file's rows by it, and an approval names its file by it. */
export async function fileSha256(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
