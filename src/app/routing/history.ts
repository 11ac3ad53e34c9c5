/**
 * The browser's location as a store for useSyncExternalStore: the address bar is the state, so every page has its
 * own URL, deep links (with their query) work, and Back and Forward move through pages.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribe(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/** A string, so that an unchanged location is the same snapshot. */
export function currentHref(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (redirects). */
  replace?: boolean;
}

let scrollToTopPending = false;

/**
 * True once after a navigation that adds a history entry: the Router then scrolls to the top after the new page is in
 * the DOM. Scrolling in navigate() itself made the browser lay out the old page first, only to throw it away.
 */
export function takeScrollToTop(): boolean {
  const pending = scrollToTopPending;
  scrollToTopPending = false;
  return pending;
}

/** Goes to an address of this console (`/transfers/…?x=y`); a new page starts at the top. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) throw new Error(`Not an address of this console: ${to}`);
  const href = `${url.pathname}${url.search}${url.hash}`;
  if (href === currentHref()) return;
  if (options.replace) window.history.replaceState(null, '', href);
  else {
    window.history.pushState(null, '', href);
    scrollToTopPending = true;
  }
  notify();
}
