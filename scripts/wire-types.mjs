#!/usr/bin/env node
// The vendor's wire as TypeScript types: openapi-typescript over the vendor's document (docs/vendor/), written to
// src/lib/wire/dots-v2.ts by `npm run wire:types`. src/lib/wire/dots-v2.test.ts makes them again in memory, with
// this same function, and fails when the file in the repository differs.
//
// openapi-typescript 6 writes the types as text. Its version 7 builds them with TypeScript's JavaScript compiler API,
// which TypeScript 7 (the project's compiler) does not have, and refuses the vendor's document as it is (two
// operations share an operationId): move to the version that brings a compiler of its own.
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS from 'openapi-typescript';
import { VENDOR_OPENAPI } from './vendor-contract.mjs';

export const WIRE_TYPES = fileURLToPath(new URL('../src/lib/wire/dots-v2.ts', import.meta.url));

/** The types of a document (the vendor's by default; or a document already parsed), as the text of a module. */
export function wireTypes(document = pathToFileURL(VENDOR_OPENAPI)) {
  return openapiTS(document);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(WIRE_TYPES, await wireTypes());
  console.log(`wrote ${WIRE_TYPES}`);
}
