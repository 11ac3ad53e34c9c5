import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { session } from '../../api/credentials';

export function useSession() {
  return useSyncExternalStore(session.subscribe, session.get);
}

/** Sign out wipes the credentials, every cached answer and, by leaving the pages, every draft. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(() => {
    const credentials = session.credentials();
    // A member's session ends on the server too; the tab forgets it at once either way.
    if (credentials?.member) {
      void import('../../api/team-session').then((api) => api.signOutMember(credentials)).catch(() => {});
    }
    session.signOut();
    queryClient.clear();
    navigate('/sign-in', { replace: true });
  }, [queryClient, navigate]);
}
