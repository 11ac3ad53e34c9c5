import { useEffect, useReducer } from 'react';

/**
 * Renders again as `run` changes, at most once a frame: a thousand rows answering within a second would otherwise be
 * a thousand renders of the progress and the results.
 */
export function useRunUpdates(run: { subscribe: (listener: () => void) => () => void } | null): void {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!run) return;
    let frame = 0;
    const unsubscribe = run.subscribe(() => {
      if (frame === 0) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          rerender();
        });
      }
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [run]);
}
