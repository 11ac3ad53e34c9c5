import { existsSync } from 'node:fs';

/**
 * Which Chromium the browser tests drive: PLAYWRIGHT_CHROMIUM_PATH, else Debian's /usr/bin/chromium when present,
 * else undefined (Playwright's own download, where the network allows it).
 */
export function chromiumExecutablePath() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}
