import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerConfig } from '../config';

/** A built console of one line, and server settings for tests (short timeouts, no audit log unless asked). */
const staticDir = mkdtempSync(join(tmpdir(), 'console-dist-'));
writeFileSync(
  join(staticDir, 'index.html'),
  '<meta name="csp-nonce" content="__CSP_NONCE__"><div id="root"></div>',
);

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
    auditLogFile: null,
    idleTimeoutMs: 900_000,
    requestTimeoutMs: 30_000,
    ...overrides,
  };
}
