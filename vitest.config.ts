import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    server: { deps: { inline: [/@mantine\//] } },
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 15_000,
    // The servers tests start in-process log nothing (a line per request would bury a failure's output).
    env: { LOG_LEVEL: 'silent' },
  },
});
