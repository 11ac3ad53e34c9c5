import { useEffect, useReducer } from 'react';
import type { BatchRun } from './batch-run';

/**
 * Renders again as `run` changes, at most once a frame: a thousand rows answering within a second would otherwise be
 * a thousand renders of the progress and the results.
 */
export function useRunUpdates<T>(run: BatchRun<T> | null): void {
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
