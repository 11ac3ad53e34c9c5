import { Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../../app/routing';
import { IdleGuard } from './IdleGuard';
import { SignInForm } from './SignInForm';
import { useSession } from './use-session';

/**
 * Pages behind sign-in. When the service answers 401 mid-session the page stays mounted under a sign-in dialog, so
 * whatever the operator typed is still there afterwards (it lives in memory only, never in storage).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const state = useSession();
  const location = useLocation();
  if (state.status === 'signed-out') {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <>
      {children}
      <IdleGuard />
      <Modal
        opened={state.status === 'expired'}
        onClose={() => {}}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        title="Sign in again"
        centered
      >
        <Text size="sm" mb="md">
          {state.status === 'expired' && state.reason === 'idle'
            ? 'You were signed out after a period without activity. Sign in again to continue; this page keeps what you typed, except account numbers.'
            : 'The service refused the saved credentials. Sign in again to continue; this page keeps what you typed.'}
        </Text>
        {state.status === 'expired' && (
          <SignInForm
            defaults={{ clientId: state.clientId, appId: state.appId ?? '', operator: state.operator ?? '' }}
            onSignedIn={() => {}}
          />
        )}
      </Modal>
    </>
  );
}
