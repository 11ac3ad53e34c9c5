/** RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled; lines end with CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const field = (value: string | number | null | undefined) => {
    const text = value === null || value === undefined ? '' : String(value);
    // A leading =, +, - or @ would be a formula in a spreadsheet: prefix it so it stays text.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
