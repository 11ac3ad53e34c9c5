// Brotli and gzip copies of the built files beside them (app.js -> app.js.br, app.js.gz), made once at build time so
// that the console server sends compressed bytes without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this, the headers of a response outweigh what compression saves. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes the .br and .gz of every compressible file in `dir` that gets smaller. */
export function precompressDirectory(dir) {
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gzip = gzipSync(raw, { level: 9 });
    if (brotli.length < raw.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < raw.length) writeFileSync(`${path}.gz`, gzip);
  }
}

/** The Vite plugin: after every production build. (index.html is not among them: the server fills in its nonce.) */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'payout-console-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}
