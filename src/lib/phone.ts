import { isCallingCode } from './countries';
import { z } from './zod';

/**
 * A phone number as people write it: "+1 415-555-0134" for a North American number, "+44 2079460000" elsewhere (the
 * console does not guess other countries' groupings); '' when there is none.
 */
export function formatPhone(
  countryCode: string | null | undefined,
  number: string | null | undefined,
): string {
  const digits = (number ?? '').replace(/\D/g, '');
  if (digits === '') return '';
  const country = (countryCode ?? '').replace(/\D/g, '');
  if ((country === '1' || country === '') && digits.length === 10) {
    return `${country ? '+1 ' : ''}${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  return country ? `+${country} ${digits}` : digits;
}

/**
 * The digits of a phone number or a country calling code as people type them ("+1", "(415) 555-0177",
 * "415.555.0177"): the signs of writing (a leading plus, spaces, parentheses, dashes, dots) go; anything else stays,
 * so that a letter is still refused at its field.
 */
export function phoneDigits(typed: string): string {
  return typed
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s().-]/g, '');
}

/** What every field of a country calling code says beside it, the same on every page that asks for a phone. */
export const COUNTRY_CODE_HINT = 'Like 1 for the US and Canada, 44 for the UK; a plus sign is fine';

export const COUNTRY_CODE_MESSAGE = 'Not a country calling code: 1 for the US and Canada, 44 for the UK';

/** A country calling code as a body carries it: 1 to 3 digits that the ITU gave a country. */
export const countryCallingCode = z
  .string()
  .regex(/^\d{1,3}$/, COUNTRY_CODE_MESSAGE)
  .refine(isCallingCode, COUNTRY_CODE_MESSAGE);
