import { lastFour, maskAccount } from './mask';

/** Keys whose values never appear in full outside the form: bank account numbers, TINs and secrets (a code). */
const ACCOUNT_KEYS = new Set(['account_number', 'accountNumber', 'confirmAccountNumber']);
const SECRET_KEYS = new Set(['api_key', 'apiKey', 'password', 'authorization', 'Authorization', 'token']);
/** Taxpayer identification numbers (a W-9's TIN, a director's SSN, an EIN, a foreign tax id): the last four only. */
const TAX_ID_KEYS = new Set(['tin', 'ssn', 'ein', 'foreign_tax_id']);

/**
 * A copy of a JSON value fit to show or export: account numbers reduced to their last four digits, secrets removed.
 * Strings that are not JSON are returned as they are.
 */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => {
        if (SECRET_KEYS.has(key)) return [key, '[removed]'];
        if (ACCOUNT_KEYS.has(key) && typeof inner === 'string') return [key, maskAccount(lastFour(inner))];
        if (TAX_ID_KEYS.has(key) && typeof inner === 'string') return [key, `•••••${inner.slice(-4)}`];
        return [key, redact(inner)];
      }),
    );
  }
  return value;
}

/** Quotes a string for a POSIX shell: inside single quotes nothing is special but the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A request as a cURL command for an escalation: the credentials as $CLIENT_ID:$API_KEY placeholders (never the
 * real ones), the body as recorded (so account numbers stay masked).
 */
export function toCurl(request: {
  method: string;
  url: string;
  body?: string | null;
  appId?: string | null;
}): string {
  const parts = ['curl', '-sS', '-X', request.method, shellQuote(request.url), '-u', '"$CLIENT_ID:$API_KEY"'];
  if (request.appId) parts.push('-H', shellQuote(`Api-App-Id: ${request.appId}`));
  if (request.body)
    parts.push('-H', shellQuote('Content-Type: application/json'), '--data', shellQuote(request.body));
  return parts.join(' ');
}
