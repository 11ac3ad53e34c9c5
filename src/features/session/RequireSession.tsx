import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { session } from '../../api/credentials';
import { PageLoader } from '../../components/PageLoader';
import { IdleGuard } from './IdleGuard';
import { SignInAgainDialog } from './SessionDialogs';
import { TotpEnrollmentPage } from './TotpEnrollmentPage';
import { useSession } from './use-session';

/**
 * Pages behind sign-in. When the service answers 401 mid-session the page stays mounted under a sign-in dialog, so
 * whatever the operator typed is still there afterwards (it lives in memory only, never in storage).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const state = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  // A link opened in a new tab: an open tab of this console may hand its session over in a moment.
  if (state.status === 'signed-out' && session.askingOtherTabs()) return <PageLoader />;
  if (state.status === 'signed-out') {
    const next = `${pathname}${search ? `?${search}` : ''}`;
    return <Redirect to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  if (state.status === 'active' && state.credentials.mustEnrollTotp) return <TotpEnrollmentPage />;
  return (
    <>
      {children}
      <IdleGuard />
      {state.status === 'expired' && <SignInAgainDialog state={state} />}
    </>
  );
}
