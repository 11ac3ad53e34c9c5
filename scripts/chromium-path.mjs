import { existsSync } from 'node:fs';

/**
 * Which Chromium the bench and the scripts drive: PLAYWRIGHT_CHROMIUM_PATH, else Debian's /usr/bin/chromium when
 * present, else undefined (Playwright's own download, where the network allows it). The bench measures what a person's
 * browser does, so it drives the whole browser.
 */
export function chromiumExecutablePath() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  return firstPresent(['/usr/bin/chromium', '/usr/bin/chromium-browser']);
}

/**
 * Which Chromium the end-to-end tests drive: PLAYWRIGHT_CHROMIUM_PATH, else Debian's headless shell, else the whole
 * browser. The headless shell is the same engine without the browser's own windows and services, and it is what
 * Playwright itself runs headless tests in; here it took a quarter less CPU per test than the whole browser, on a
 * suite whose time is the browser's CPU.
 */
export function testChromiumExecutablePath() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  return firstPresent(['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser']);
}

function firstPresent(candidates) {
  return candidates.find((candidate) => existsSync(candidate));
}
