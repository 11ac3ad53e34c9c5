import { useEffect, useRef } from 'react';
import { session } from '../api/credentials';

/** Runs `forget` when the operator is signed out for inactivity: what must not outlive the session goes. */
export function useForgetOnIdle(forget: () => void): void {
  const latest = useRef(forget);
  latest.current = forget;
  useEffect(
    () =>
      session.subscribe(() => {
        const state = session.get();
        if (state.status === 'expired' && state.reason === 'idle') latest.current();
      }),
    [],
  );
}
