import { useSyncExternalStore } from 'react';
import { can, type Permission, type Role } from '../lib/roles';
import { session } from './credentials';

/** The signed-in member's role; null with the organization's key (which may do everything the service allows). */
export function useRole(): Role | null {
  return useSyncExternalStore(session.subscribe, () => session.credentials()?.member?.role ?? null);
}

/** Whether to show an action: a courtesy only, the console server refuses what the role may not do. */
export function useCan(permission: Permission): boolean {
  const role = useRole();
  return role === null || can(role, permission);
}
