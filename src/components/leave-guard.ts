import { useCallback, useEffect } from 'react';
import { useBrowserLocation } from 'wouter/use-browser-location';

/** What to ask before the operator leaves the page; null when nothing would be lost. */
let question: string | null = null;

/**
 * While `active`, leaving the page asks first: closing or reloading the tab (the browser's own prompt), and going to
 * another page of the console (`question`). For work that must not be abandoned by a stray click: a batch running.
 */
export function useLeaveGuard(active: boolean, ask: string): void {
  useEffect(() => {
    if (!active) return;
    question = ask;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ask;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      question = null;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, ask]);
}

/** The browser's location for the router, whose navigation asks the guard's question first. */
export function useGuardedLocation(): ReturnType<typeof useBrowserLocation> {
  const [location, navigate] = useBrowserLocation();
  const guarded = useCallback<typeof navigate>(
    (to, options) => {
      if (question !== null && !window.confirm(question)) return;
      navigate(to, options);
    },
    [navigate],
  );
  return [location, guarded];
}
