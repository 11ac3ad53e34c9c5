import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Puts `./use-id.ts` in place of Mantine's `useId` wherever `@mantine/hooks` is imported (the build and the unit
 * tests alike). Mantine's own components import it from the package's index, which imports it from this one path.
 */
export function mantineUseId(): Plugin {
  const replacement = fileURLToPath(new URL('./use-id.ts', import.meta.url));
  return {
    name: 'payout-console-mantine-use-id',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromHooksIndex = importer && /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/.test(importer);
      return fromHooksIndex && source === './use-id/use-id.mjs' ? replacement : null;
    },
  };
}
