/**
 * Whether a body's declared type is JSON (`application/json`, `application/problem+json`, with or without a charset),
 * or undeclared (curl sends none with `--data-binary`): the one test of the sandbox and the console server's `/v2` gate.
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  return !contentType || /^application\/([\w.+-]*\+)?json\b/i.test(contentType.trim());
}
