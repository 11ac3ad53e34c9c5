import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { VENDOR_OPENAPI } from '../../../scripts/vendor-contract.mjs';
import { WIRE_TYPES, wireTypes } from '../../../scripts/wire-types.mjs';

/** The checked-in types are the vendor's document as openapi-typescript reads it today (`npm run wire:types`). */
describe("the vendor's wire types", () => {
  const checkedIn = readFileSync(WIRE_TYPES, 'utf8');

  it('are what the generator makes of the document', async () => {
    expect(checkedIn).toEqual(await wireTypes());
  }, 60_000);

  it('differ from those of a document that changed', async () => {
    const document = readFileSync(VENDOR_OPENAPI, 'utf8');
    // A bill's number renamed: a change the console would not see without this check.
    const changed = document.replace(/(\r?\n {8})number:(\r?\n {10}type: string)/, '$1bill_number:$2');
    expect(changed).not.toBe(document);
    const regenerated = await wireTypes(parse(changed));
    expect(regenerated).not.toEqual(checkedIn);
    expect(regenerated).toContain('bill_number?: string;');
  }, 60_000);
});
