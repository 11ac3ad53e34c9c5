import { fullName } from './names';
import { UUID_PATTERN } from './uuid';

/**
 * How people are searched, the same in the sandbox (its `search` extension of the vendor's lists) and in the console
 * (which filters what it has loaded when an upstream cannot search). A person is found by a prefix of a first name,
 * a last name, the full name, a business name or an email, case and accents aside; by the digits of a phone number,
 * when the query is made of phone characters only; or by an exact id. The sandbox stores each person's terms below,
 * so that a query is a range of one index, whatever the size of the store.
 */

/** Lower case, accents off, spaces collapsed: "  José  Ñúñez " and "jose nunez" are one text. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const PHONE_QUERY = /^[\d\s+\-().]+$/;

export type SearchQuery = { kind: 'id'; id: string } | { kind: 'term'; prefix: string };

/** What a query asks for: an exact id, or a prefix among the terms (see searchTermsOf). Null when it is blank. */
export function parseSearch(query: string): SearchQuery | null {
  const trimmed = query.trim();
  if (trimmed === '') return null;
  if (UUID_PATTERN.test(trimmed)) return { kind: 'id', id: trimmed.toLowerCase() };
  const digits = trimmed.replace(/\D/g, '');
  if (PHONE_QUERY.test(trimmed) && digits !== '') return { kind: 'term', prefix: `phone:${digits}` };
  return { kind: 'term', prefix: `text:${normalizeText(trimmed)}` };
}

export interface Searchable {
  first_name?: string | null;
  last_name?: string | null;
  business_name?: string | null;
  email?: string | null;
  country_code?: string | null;
  phone_number?: string | null;
}

/**
 * The terms a person is found by, each of which a query may be a prefix of: names alone and together, the business
 * name, the email, and the phone number with and without its country code.
 */
export function searchTermsOf(person: Searchable): string[] {
  const texts = [person.first_name, person.last_name, fullName(person), person.business_name, person.email]
    .map((text) => normalizeText(text ?? ''))
    .filter((text) => text !== '');
  const national = (person.phone_number ?? '').replace(/\D/g, '');
  const country = (person.country_code ?? '').replace(/\D/g, '');
  const phones = national === '' ? [] : [national, `${country}${national}`];
  return [...new Set([...texts.map((t) => `text:${t}`), ...phones.map((p) => `phone:${p}`)])];
}

/** The upper end of a prefix's range: every term that starts with `prefix` sorts at or above it and below this. */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** Whether a person matches a query, as the sandbox's search decides it: for filtering a list in hand. */
export function matchesSearch(person: Searchable & { id: string }, query: string): boolean {
  const parsed = parseSearch(query);
  if (!parsed) return true;
  if (parsed.kind === 'id') return person.id.toLowerCase() === parsed.id;
  return searchTermsOf(person).some((term) => term.startsWith(parsed.prefix));
}

/**
 * Whether an app matches a query: its exact id, or a prefix of any word onward of its name, so that "payouts" finds
 * "Globex Payments Payouts". Apps are few and named by the organization, so any word of the name may be the one an
 * agent remembers; people are searched by the stricter rules above, which the sandbox's index serves.
 */
export function matchesAppName(app: { id: string; name?: string | null }, query: string): boolean {
  const parsed = parseSearch(query);
  if (!parsed) return true;
  if (parsed.kind === 'id') return app.id.toLowerCase() === parsed.id;
  const wanted = normalizeText(query);
  const words = normalizeText(app.name ?? '').split(' ');
  return words.some((_, start) => words.slice(start).join(' ').startsWith(wanted));
}
