import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { precompressDirectory } from '../../../scripts/precompress.mjs';
import type { ServerConfig } from '../config';
import { tempDir } from './temp-dir';

/** A hashed asset of the test build, compressed as the build compresses it. */
export const TEST_ASSET = {
  path: '/assets/app-test.js',
  text: `export const lines = [${Array.from({ length: 200 }, (_, i) => `"line ${i}"`).join(', ')}];\n`,
};

/** A built console of one line, and server settings for tests (short timeouts, an in-memory console database). */
const staticDir = tempDir('console-dist-');
writeFileSync(
  join(staticDir, 'index.html'),
  '<html><head><meta name="csp-nonce" content="__CSP_NONCE__">' +
    '<script type="module" crossorigin src="/assets/index-test.js"></script></head><body>' +
    '<div id="root"></div></body></html>',
);
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, TEST_ASSET.path), TEST_ASSET.text);
precompressDirectory(staticDir);

export function config(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    upstreamUrl: null,
    proxyTimeoutMs: 1000,
    staticDir,
    proxyMaxResponseBytes: 1024 * 1024,
    allowedHosts: ['127.0.0.1'],
    sandboxHelpersForEveryone: false,
    consoleDb: { file: ':memory:' },
    orgCredentials: null,
    idleTimeoutMs: 900_000,
    requestTimeoutMs: 30_000,
    executorLeaseMs: 30_000,
    resetHoldMs: 72 * 60 * 60 * 1000,
    metricsToken: null,
    metrics: null,
    upstreamProbeMs: 10_000,
    publicUrl: 'http://localhost',
    ...overrides,
  };
}
