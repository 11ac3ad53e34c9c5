import { basic, caller, type MemberCredentials, type teamConsole } from './console';

type Console = Awaited<ReturnType<typeof teamConsole>>;

/** An ACH payment to a user as a member sends it, with its own idempotency key unless one is given. */
export function achPayment(userId: string, cents: number, key: string = crypto.randomUUID()) {
  return {
    amount: cents,
    platform: 'ach',
    user_id: userId,
    ach_info: { account_number: '99887766554', routing_number: '021000021' },
    idempotency_key: key,
  };
}

/**
 * A test tenant of a server (`settings` as POST /sandbox/tenants takes them) with what a test reads of it: its
 * members by role, a member's session as a caller, the organization's own key as a caller, and its first user.
 */
export async function tenantOf(server: Console, settings?: Record<string, unknown>) {
  const tenant = await server.tenant(settings);
  const member = (role: MemberCredentials['role']) =>
    tenant.members.find((m) => m.role === role) as MemberCredentials;
  const as = async (role: MemberCredentials['role']) => caller(server.app, await server.signIn(member(role)));
  const org = caller(server.app, basic(tenant.client_id, tenant.api_key));
  return { tenant, member, as, org, user: tenant.users[0]?.id ?? '' };
}
