import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    server: { deps: { inline: [/@mantine\//] } },
    environment: 'node',
    pool: 'forks',
    // Vitest's own default in a run is one worker less than the cores: one, on two cores, so that every file waited for
    // the one before it (and most of a server test's time is spent waiting on a socket, a timer or a child process).
    maxWorkers: 2,
    testTimeout: 15_000,
    setupFiles: ['src/server/test/quiet-log.ts', 'src/server/test/password-cost.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'lib',
          // lib/ is pure (no I/O, no state of its own, no React): its files share one module graph per worker rather
          // than each starting a process of its own, which cost them several times their tests' time.
          include: ['src/lib/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['src/lib/**', '**/node_modules/**'],
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
