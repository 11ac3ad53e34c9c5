import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Its children, one commit after its own. React commits a render in one task; a page that puts its heading in the
 * first commit and its bulk here opens in two shorter tasks, with a paint and any input handled in between.
 */
export function AfterFirstCommit({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : null;
}
