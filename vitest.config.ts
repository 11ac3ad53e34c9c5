import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    server: { deps: { inline: [/@mantine\//] } },
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    // Vitest's own default in a run is one worker less than the cores: one, on two cores, so that every file waited for
    // the one before it (and most of a server test's time is spent waiting on a socket, a timer or a child process).
    maxWorkers: 2,
    testTimeout: 15_000,
    setupFiles: ['src/server/test/quiet-log.ts'],
  },
});
