import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The vendor's OpenAPI document, kept in the repository (docs/vendor/README.md: where it comes from, its hash). */
export const VENDOR_OPENAPI = fileURLToPath(new URL('../docs/vendor/dots-v2-openapi.yaml', import.meta.url));

/** Prism (@stoplight/prism-cli, a dev dependency) mocks the document, or checks answers against it as a proxy. */
export const PRISM = fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url));

/**
 * Why the checks against the vendor's contract cannot run here, or null when they can. The document is part of the
 * repository, so only Prism can be missing (an install without dev dependencies); then the checks are skipped, and
 * say so on stderr rather than passing in silence.
 */
export function prismMissing() {
  if (existsSync(PRISM)) return null;
  const reason = 'Prism is not installed (node_modules/.bin/prism; npm ci installs it)';
  if (!warned) console.warn(`WARNING: the checks against the vendor's contract are skipped: ${reason}`);
  warned = true;
  return reason;
}
let warned = false;
