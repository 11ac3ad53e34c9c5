/**
 * US taxpayer identification numbers by their shape, as the IRS assigns them (no checksum exists): an SSN is nine
 * digits whose area is not 000, 666 or 900-999, whose group is not 00 and whose serial is not 0000; an ITIN starts
 * with 9 and has 50-65, 70-88, 90-92 or 94-99 in its fourth and fifth digits; an EIN's two-digit prefix is one the
 * IRS uses (not 00, 07-09, 17-19, 28-29, 49, 69-70, 78-79, 89, 96-97). Dashes and spaces are read as typed.
 */
export type TinKind = 'ssn' | 'itin' | 'ein';

export function tinDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

const EIN_UNUSED_PREFIXES = new Set([
  '00',
  '07',
  '08',
  '09',
  '17',
  '18',
  '19',
  '28',
  '29',
  '49',
  '69',
  '70',
  '78',
  '79',
  '89',
  '96',
  '97',
]);

export function isItin(digits: string): boolean {
  if (!/^9\d{8}$/.test(digits)) return false;
  const middle = Number(digits.slice(3, 5));
  return (
    (middle >= 50 && middle <= 65) ||
    (middle >= 70 && middle <= 88) ||
    (middle >= 90 && middle <= 92) ||
    middle >= 94
  );
}

export function isSsn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  if (area === '000' || area === '666' || area.startsWith('9')) return false;
  return digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000';
}

export function isEin(digits: string): boolean {
  return /^\d{9}$/.test(digits) && !EIN_UNUSED_PREFIXES.has(digits.slice(0, 2));
}

/**
 * Why a TIN is refused for this kind of filer, or null: an individual gives an SSN or an ITIN, a business an EIN
 * (or, as a sole proprietor, the owner's SSN).
 */
export function tinProblem(value: string, entity: 'individual' | 'business'): string | null {
  const digits = tinDigits(value);
  if (digits === '') return 'Enter the 9-digit taxpayer identification number';
  if (!/^\d+$/.test(digits)) return 'A taxpayer identification number has digits only';
  if (digits.length !== 9) return `A taxpayer identification number has 9 digits (this has ${digits.length})`;
  if (entity === 'individual') {
    return isSsn(digits) || isItin(digits) ? null : 'Not a valid SSN or ITIN';
  }
  return isEin(digits) || isSsn(digits) ? null : "Not a valid EIN (or a sole proprietor's SSN)";
}

/** What may be shown of a TIN: its last four digits. */
export function tinLast4(value: string): string {
  return tinDigits(value).slice(-4);
}

/** The TIN as the console shows it while typed and after: every digit but the last four hidden. */
export function maskTin(value: string): string {
  const digits = tinDigits(value);
  if (digits.length <= 4) return '•'.repeat(digits.length);
  return `${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}
