import type { Role } from '../../lib/roles';
import { DEMO_CREDENTIALS } from '../../sandbox/app';
import { DEMO_MEMBERS } from '../members/demo';

/**
 * In the sandbox, each team member has the organization's AP user of their email, with the AP role that fits their
 * role: finance creates and pays bills, an admin does everything, a viewer or support member reads.
 */
const AP_ROLE_OF: Record<Role, 'ap_creator' | 'admin' | 'viewer'> = {
  viewer: 'viewer',
  support: 'viewer',
  finance: 'ap_creator',
  admin: 'admin',
};

type Fetch = (request: Request) => Response | Promise<Response>;

export async function giveApUsers(
  sandbox: { fetch: Fetch },
  clientId: string,
  members: readonly { email: string; name: string; role: Role }[],
  withPayments = false,
): Promise<void> {
  const response = await sandbox.fetch(
    new Request(`http://sandbox.internal/sandbox/tenants/${encodeURIComponent(clientId)}/accounts-payable`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        users: members.map((m) => ({ email: m.email, name: m.name, role: AP_ROLE_OF[m.role] })),
        with_payments: withPayments,
      }),
    }),
  );
  if (!response.ok)
    throw new Error(`The sandbox made no AP users: ${response.status} ${await response.text()}`);
}

/** The demo's team as AP users, with the demo's vendors, policy and bills (made once). */
export function giveDemoApUsers(sandbox: { fetch: Fetch }): Promise<void> {
  return giveApUsers(sandbox, DEMO_CREDENTIALS.clientId, DEMO_MEMBERS, true);
}
