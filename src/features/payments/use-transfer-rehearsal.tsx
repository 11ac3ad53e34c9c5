import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { loadWhenIdle, onDemand } from '../../lib/on-demand';

// The transfer's page, drawn once off the page after the operator starts on a payment, so that the first payment's
// transfer renders as fast as a later one's (components/Rehearsal.tsx). Once per visit: what it warms stays warm.
const transferRehearsal = onDemand(() =>
  import('./TransferViewPage').then((module) => module.TransferRehearsal),
);
let transferPageRehearsed = false;

/**
 * `begin` asks for the rehearsal in the browser's next idle period; the first call counts, later ones do nothing.
 * Begun by the operator's first input, not by the page's load: the code's evaluation alone is a long task (about
 * 25 ms here), which the page's load should not carry, and a payment takes the operator seconds to fill in.
 */
export function useTransferRehearsal() {
  const [rehearsing, setRehearsing] = useState(false);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  const begin = useCallback(() => {
    if (transferPageRehearsed || cancel.current) return;
    cancel.current = loadWhenIdle(async () => {
      await transferRehearsal.load();
      // A transition: the rehearsal's render yields to the browser every few milliseconds.
      startTransition(() => setRehearsing(true));
    });
  }, []);
  const done = useCallback(() => {
    transferPageRehearsed = true;
    startTransition(() => setRehearsing(false));
  }, []);
  const TransferRehearsal = rehearsing ? transferRehearsal.loaded() : null;
  return { begin, rehearsal: TransferRehearsal && <TransferRehearsal onDone={done} /> };
}
