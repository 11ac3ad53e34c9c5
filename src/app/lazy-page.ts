import { type ComponentType, createElement, lazy, useState } from 'react';

export interface LazyPage {
  (): ReturnType<typeof createElement>;
  /** Starts loading the code (once), so that the first visit renders at once. */
  preload: () => Promise<unknown>;
}

/**
 * A component whose code is its own chunk, loaded on first use or ahead of it. Why not React.lazy alone: a page that
 * suspends shows the loader, and React then holds the page's reveal back by up to 300 ms (its throttling of Suspense
 * fallbacks), even when the code arrives in milliseconds. Once `preload` has brought the code, this renders the page
 * straight away instead, and the 300 ms go from signing in, and from a first visit to each page.
 */
export function lazyPage<M>(load: () => Promise<M>, name: keyof M): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module[name] as ComponentType;
        return loaded;
      },
      (error: unknown) => {
        loading = null; // tried again the next time it is wanted
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  // One element type for as long as a page is on screen: a page first drawn through the lazy wrapper (its code still
  // on its way) stays drawn through it, which renders at once once the code is here. Switching to the loaded
  // component on a later redraw of the shell would unmount the page and lose what was typed in it.
  const Page = () => createElement(useState(() => loaded ?? Suspending)[0]);
  return Object.assign(Page, { preload });
}
