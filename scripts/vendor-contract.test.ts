import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VENDOR_OPENAPI } from './vendor-contract.mjs';

/** The copy of the vendor's document is the one its README describes: same bytes, same version, same licence. */
describe("the vendor's contract in the repository", () => {
  const document = readFileSync(VENDOR_OPENAPI);
  const readme = readFileSync(new URL('../docs/vendor/README.md', import.meta.url), 'utf8');

  it('has the SHA-256 its README states', () => {
    const stated = /SHA-256 \| `([0-9a-f]{64})`/.exec(readme)?.[1];
    expect(createHash('sha256').update(document).digest('hex')).toBe(stated);
  });

  it('is the version and licence its README states', () => {
    // The vendor writes CRLF line ends; they are kept, as every other byte.
    const text = document.toString('utf8').replaceAll('\r\n', '\n');
    // The first key indented once under `info:`, the document's second top-level key.
    const version = /^info:\n(?: {2}.*\n)*? {2}version: "?([^"\n]+)"?$/m.exec(text)?.[1];
    expect(readme).toContain(`\`info.version\` | "dots api", \`${version}\``);
    expect(text).toMatch(/^ {2}license:\n {4}name: MIT$/m);
  });
});
