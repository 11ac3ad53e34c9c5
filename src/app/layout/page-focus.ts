import { useEffect, useRef } from 'react';

/** The id of the page's <main>: where the skip link leads. */
export const MAIN_ID = 'page';

/** The page's own heading, else <main> itself: made focusable by script only (never a Tab stop of its own). */
function pageTarget(): HTMLElement | null {
  const main = document.getElementById(MAIN_ID);
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  return target ?? null;
}

/** Puts the focus on the page's heading: the next Tab reaches the page's first control. */
export function focusPageHeading(): void {
  pageTarget()?.focus({ preventScroll: true });
}

/** Whether the focus is somewhere a new page should take it from: nowhere, or in the header or the navigation. */
function focusIsOutsidePage(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  const main = document.getElementById(MAIN_ID);
  if (active === main || active.closest('[role="dialog"]')) return false;
  return !main?.contains(active);
}

/**
 * A new page takes the focus to its heading, as a new document starts at its top: a link of the navigation followed
 * by keyboard, or a payment whose review closed into its transfer, no longer leaves the focus behind in the
 * navigation or on the page's body (a screen reader then reads the new page's name). The first page of a load keeps
 * the browser's own start, where the skip link is the first stop. A page that put the focus in itself keeps it.
 */
export function useFocusOnNewPage(pathname: string): void {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new page
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const move = () => {
      if (!main.querySelector('h1')) return false;
      if (focusIsOutsidePage()) focusPageHeading();
      return true;
    };
    if (move()) return;
    // A page whose code is still on the way shows its heading when it arrives.
    const observer = new MutationObserver(() => {
      if (move()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);
}
