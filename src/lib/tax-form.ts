/** What a user's record says of their tax form (the vendor's `compliance`; `w9.tin_last4` is a sandbox extension). */
export interface TaxFormFacts {
  w8_ben_collected?: boolean | null;
  w9?: { tin_last4?: string | null } | null;
}

/**
 * The tax form on file, in words, the same on every page that shows it: a W-9 by the last four digits of its TIN, a
 * W-8BEN when one was collected, or none.
 */
export function taxFormOnFile(compliance: TaxFormFacts | null | undefined): string {
  const last4 = compliance?.w9?.tin_last4;
  if (last4) return `W-9, TIN ending ${last4}`;
  if (compliance?.w8_ben_collected) return 'W-8BEN';
  return 'None on file';
}
