/** `Basic base64(user:password)`: how the console server sends the organization's credentials on. */
export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/**
 * `Authorization: Basic base64(user:password)` read once for the whole server: the sandbox's client id and API key,
 * a team member's id and session secret. Undefined when the header is absent, null when it is not such a header.
 */
export function parseBasic(
  header: string | undefined,
): { user: string; password: string } | null | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
