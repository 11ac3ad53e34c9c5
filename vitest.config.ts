import { defineConfig } from 'vitest/config';

const APP_FILES = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'];
/** Sandbox files that start a process of their own (Prism; a server they kill): each runs in a process of its own. */
const STARTS_PROCESSES = ['src/sandbox/contract.test.ts', 'src/sandbox/durability.test.ts'];
/**
 * Server files that stub, spy on or mock what outlives them, or read a module's state that another file sets (the
 * built console's folder, argon2's real cost, a hook outside a test): each keeps a module graph of its own.
 */
const STUBS = [
  'src/server/client-routes.test.ts',
  'src/server/server.test.ts',
  'src/server/security.test.ts',
  'src/server/identity/secrets.test.ts',
  'src/server/gate/network-bodies.test.ts',
  'src/server/test/temp-dir.test.ts',
  'src/server/gate/waiting-keys.test.ts',
  'src/server/identity/team-api.test.ts',
  'src/server/members/attacks/database-writer.test.ts',
  'src/server/members/attacks/insider-attacks.test.ts',
  'src/server/members/attacks/lowered-admin.test.ts',
  'src/server/members/revived-links.test.ts',
  'src/server/onboarding/flow-links.test.ts',
  'src/server/sso/password-rule.test.ts',
  'src/server/sso/role-map.test.ts',
];

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
          name: 'shared',
          // Files that leave nothing behind share one module graph per worker rather than each starting a process of
          // its own, which cost them more than their tests: lib/ is pure (no I/O, no state, no React), and a sandbox
          // test makes its own sandbox on its own in-memory database. A file that stubs, mocks, starts a process or
          // sets what outlives it belongs in 'app'.
          include: ['src/lib/**/*.test.ts', 'src/sandbox/**/*.test.ts'],
          exclude: [...STARTS_PROCESSES, '**/node_modules/**'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          exclude: [...STUBS, '**/node_modules/**'],
          globalSetup: ['src/server/test/global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: APP_FILES,
          exclude: ['src/lib/**', 'src/sandbox/**', 'src/server/**', '**/node_modules/**'],
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server stubs',
          include: STUBS,
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'sandbox processes', include: STARTS_PROCESSES } },
    ],
  },
});
