import { createLogger, loadConfigFromFile } from 'vite';
import { expect, it } from 'vitest';

it('loads the Vite config without a warning: the first thing `npm start` prints is the build, not advice', async () => {
  const warnings: string[] = [];
  const logger = createLogger('warn');
  logger.warn = (message) => warnings.push(message);
  logger.warnOnce = (message) => warnings.push(message);
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    'vite.config.ts',
    '.',
    'warn',
    logger,
  );
  expect(loaded?.config.plugins?.length).toBeGreaterThan(0);
  expect(warnings).toEqual([]);
});
