import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { session } from '../../api/credentials';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { StillThereDialog } from './SessionDialogs';

const WARNING_MS = 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;

/**
 * Signs the operator out after IDLE_TIMEOUT_MS without interaction (15 minutes by default; PCI DSS 8.2.8), with a
 * warning a minute before. The page stays under the sign-in dialog; pages drop account numbers (useForgetOnIdle).
 */
export function IdleGuard() {
  const timeoutMs = useQuery(runtimeConfigQuery).data?.idle_timeout_ms ?? 15 * 60 * 1000;
  const lastActivity = useRef(Date.now());
  const [warning, setWarning] = useState(false);

  const touch = useCallback(() => {
    lastActivity.current = Date.now();
  }, []);

  useEffect(() => {
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, touch, { passive: true });
    const timer = window.setInterval(() => {
      if (session.get().status !== 'active') return;
      const idle = Date.now() - lastActivity.current;
      if (idle >= timeoutMs) {
        setWarning(false);
        session.expire('idle');
      } else {
        setWarning(idle >= timeoutMs - Math.min(WARNING_MS, timeoutMs / 2));
      }
    }, 1000);
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, touch);
      window.clearInterval(timer);
    };
  }, [timeoutMs, touch]);

  const stay = useCallback(() => {
    touch();
    setWarning(false);
  }, [touch]);
  return warning && <StillThereDialog timeoutMs={timeoutMs} onStay={stay} />;
}
