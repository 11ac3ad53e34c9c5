import { type ComponentType, useEffect, useRef, useState } from 'react';

/** Code that arrives when first wanted, or sooner if asked for ahead of need. */
export interface OnDemand<T> {
  /** Starts the load (once); a failed load may be started again. */
  load: () => Promise<T>;
  /** What the load brought, once it has. */
  loaded: () => T | null;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const load = () => {
    loading ??= importer().then(
      (loadedValue) => {
        value = loadedValue;
        return loadedValue;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return { load, loaded: () => value };
}

/**
 * The component once it has been wanted and its code has arrived, else null: an overlay (a dialog, a drawer) is
 * rendered only from then on, so its code, and the library code only it uses, stays off the first load of every page. A load
 * that fails is reported to `onError` and tried again the next time the component is wanted.
 */
export function useOnDemand<P>(
  component: OnDemand<ComponentType<P>>,
  wanted: boolean,
  onError: (error: unknown) => void,
): ComponentType<P> | null {
  const [, setArrived] = useState(0);
  const reportError = useRef(onError);
  reportError.current = onError;
  const Loaded = component.loaded();
  useEffect(() => {
    if (!wanted || Loaded) return;
    let current = true;
    component.load().then(
      () => current && setArrived((n) => n + 1),
      (error: unknown) => current && reportError.current(error),
    );
    return () => {
      current = false;
    };
  }, [component, wanted, Loaded]);
  return wanted ? Loaded : null;
}

/** Runs `work` in the browser's next idle period (or after a second where there is no such thing); returns a cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 1000);
  return () => window.clearTimeout(timer);
}

/**
 * Asks for code when the browser is idle after the first render, so that it is here before it is wanted: one load
 * per idle period, each its own task. Starting a load is not free (the build's preload helper looks up and adds a
 * link for each chunk it needs): all of a page's loads in one idle callback made one of the load's long tasks.
 */
export function loadWhenIdle(...loads: (() => Promise<unknown>)[]): () => void {
  let cancel = () => {};
  const startFrom = (index: number) => {
    const load = loads[index];
    if (!load) return;
    cancel = whenIdle(() => {
      load().catch(() => {}); // wanted later, it is loaded (and reported) then
      startFrom(index + 1);
    });
  };
  startFrom(0);
  return () => cancel();
}
