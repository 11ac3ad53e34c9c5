import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (from `@mantine/hooks`), which the build and the unit tests put in place of Mantine's own
 * (`use-id-plugin.ts`; the dev server pre-bundles Mantine, and there Mantine's own stays).
 * Mantine's renders with React's id, then swaps in a random one from a layout effect: every input, radio and
 * navigation link re-renders once more as it mounts, synchronously inside the commit, and that re-render runs every
 * effect waiting on the page in the same task. React's id is already unique and stable (React 18 and later), so this
 * one keeps it: the same value on the first render and every one after.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
