import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from '../../app/routing';
import { loadWhenIdle, onDemand, useOnDemand } from '../../lib/on-demand';
import { IdleGuard, stillThereDialog } from './IdleGuard';
import { useSession } from './use-session';

// The dialogs of a session's end come when needed, or once the browser is idle: a modal (and what only it uses) is
// not part of a page's first load.
const signInAgainDialog = onDemand(() =>
  import('./SessionDialogs').then((module) => module.SignInAgainDialog),
);

/**
 * Pages behind sign-in. When the service answers 401 mid-session the page stays mounted under a sign-in dialog, so
 * whatever the operator typed is still there afterwards (it lives in memory only, never in storage).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const state = useSession();
  const location = useLocation();
  const [dialogUnloaded, setDialogUnloaded] = useState(false);
  useEffect(() => loadWhenIdle(signInAgainDialog.load, stillThereDialog.load), []);
  const SignInAgain = useOnDemand(signInAgainDialog, state.status === 'expired', () =>
    setDialogUnloaded(true),
  );
  // Without the dialog's code (offline since the page loaded), the sign-in page is the way back.
  if (state.status === 'signed-out' || (state.status === 'expired' && dialogUnloaded)) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <>
      {children}
      <IdleGuard />
      {SignInAgain && state.status === 'expired' && <SignInAgain state={state} />}
    </>
  );
}
