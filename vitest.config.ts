import { defineConfig } from 'vitest/config';
import { mantineUseId } from './src/lib/mantine/use-id-plugin';

export default defineConfig({
  // Mantine's useId as the build has it (src/lib/mantine/use-id.ts): Mantine goes through Vite's resolver here too.
  plugins: [mantineUseId()],
  test: {
    server: { deps: { inline: [/@mantine\//] } },
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 15_000,
  },
});
