import { AP_WRITES } from './ap-routes';
import type { AuditAction } from './audit-actions';
import { WALLET_WRITES } from './wallet-writes';

/**
 * The team's role matrix, in one place: the console server enforces it on every request, the console reads it to
 * hide what a role cannot do. Each role has every right of the roles before it.
 */
export const ROLES = ['viewer', 'support', 'finance', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  support: 'Support',
  finance: 'Finance',
  admin: 'Admin',
};

/** What a request does, as the matrix sees it. */
export type Permission = 'read' | 'support' | 'pay' | 'admin';

/**
 * Who may call a route of the console server: `public` (no session: sign-in, one-time links), `session` (any
 * signed-in member, before their second factor is set up: only what setting it up needs), or a permission.
 */
export type Access = 'public' | 'session' | Permission;
export const ACCESS_LEVELS: readonly Access[] = ['public', 'session', 'read', 'support', 'pay', 'admin'];

/** The least role that holds each permission. */
const LEAST_ROLE: Record<Permission, Role> = {
  read: 'viewer',
  support: 'support',
  pay: 'finance',
  admin: 'admin',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function leastRoleFor(permission: Permission): Role {
  return LEAST_ROLE[permission];
}

export function can(role: Role, permission: Permission): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(LEAST_ROLE[permission]);
}

/** The state-changing `/v2` routes the console uses, by what they need; a segment `*` is one path segment. */
export const V2_WRITES: { method: string; path: string; permission: Permission; action: AuditAction }[] = [
  { method: 'POST', path: '/v2/payments', permission: 'pay', action: 'payment.create' },
  { method: 'POST', path: '/v2/payouts', permission: 'pay', action: 'payout.create' },
  { method: 'POST', path: '/v2/payouts/send-payout', permission: 'pay', action: 'payout.send' },
  { method: 'POST', path: '/v2/payout-links', permission: 'pay', action: 'payout-link.create' },
  { method: 'DELETE', path: '/v2/payout-links/*', permission: 'pay', action: 'payout-link.cancel' },
  // "My link never arrived" is a support ticket: sending the same link again moves no new money.
  {
    method: 'POST',
    path: '/v2/payout-links/*/redeliver',
    permission: 'support',
    action: 'payout-link.redeliver',
  },
  { method: 'POST', path: '/v2/payout-batches', permission: 'pay', action: 'payout-batch.create' },
  { method: 'POST', path: '/v2/payout-requests', permission: 'pay', action: 'payout-request.create' },
  // Where a user's money goes: finance's, not support's, so that no ticket can redirect a payee's payouts.
  { method: 'PUT', path: '/v2/users/*/payout-methods', permission: 'pay', action: 'user.payout-method.add' },
  { method: 'PUT', path: '/v2/users/*/addresses', permission: 'support', action: 'user.address.add' },
  {
    method: 'PUT',
    path: '/v2/organizations/copy-organization-compliance-to-app/*',
    permission: 'support',
    action: 'app.compliance.copy',
  },
  ...WALLET_WRITES,
  // Onboarding (docs/team.md, "Roles"): support answers a user's ticket (their record, contact details and metadata,
  // a code, a tax form the user gave, a link to finish their setup); a default payout method is finance's, checked on
  // the body (console server, payees/); payment customers and apps are finance's; deleting a user and copying one
  // app's compliance onto another are admin's.
  { method: 'POST', path: '/v2/users', permission: 'support', action: 'user.create' },
  { method: 'PATCH', path: '/v2/users/*', permission: 'support', action: 'user.update' },
  { method: 'DELETE', path: '/v2/users/*', permission: 'admin', action: 'user.delete' },
  { method: 'PUT', path: '/v2/users/*/compliance', permission: 'support', action: 'user.compliance.submit' },
  {
    method: 'POST',
    path: '/v2/users/*/send-verification-token',
    permission: 'support',
    action: 'user.verification.send',
  },
  { method: 'POST', path: '/v2/users/*/verify', permission: 'support', action: 'user.verify' },
  { method: 'POST', path: '/v2/flows', permission: 'support', action: 'flow.create' },
  { method: 'POST', path: '/v2/payment-customers', permission: 'pay', action: 'payment-customer.create' },
  { method: 'POST', path: '/v2/apps', permission: 'pay', action: 'app.create' },
  { method: 'PUT', path: '/v2/apps/*/compliance', permission: 'pay', action: 'app.compliance.update' },
  { method: 'POST', path: '/v2/apps/*/kyb-flow', permission: 'pay', action: 'app.kyb-flow.create' },
  {
    method: 'PUT',
    path: '/v2/organizations/copy-compliance-information-between-apps',
    permission: 'admin',
    action: 'app.compliance.copy-between',
  },
  ...AP_WRITES,
];

/**
 * Whether a `/v2` path is written as the route table writes it. Every static segment of the service's paths is a
 * lower-case word (`payouts`, `payout-links`, `send-payout`); an upstream may route `/v2/PAYOUTS` as `/v2/payouts`
 * (Express does by default), while the gate would judge it as another route: no limit, no stamp, no link withheld.
 * So a segment of letters and hyphens alone (a word, not an id: ids carry digits) in another case is not canonical,
 * and the gate refuses the path rather than guess (it forwards only paths it judged as they are).
 */
export function isCanonicalV2Path(path: string): boolean {
  return path.split('/').every((part) => !/^[A-Za-z-]+$/.test(part) || part === part.toLowerCase());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the ids (UUIDs) of a `/v2` write's path are written as the service writes them, in lower case. The team's
 * rules read what a write acts on (a bill, a payee, a vendor) by its id: in upper case the console's read found
 * nothing while the service acted on the same resource, so the write went on unjudged. A read judges nothing and
 * may name an id in either case.
 */
export function hasCanonicalIds(path: string): boolean {
  return path.split('/').every((part) => !UUID.test(part) || part === part.toLowerCase());
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  return want.length === got.length && want.every((part, i) => part === '*' || part === got[i]);
}

/**
 * The permission a `/v2` request needs and its name in the audit trail (`payment.create`, or its method and path):
 * every read is `read`; a write the console makes needs its row above; any other write (the service has more than
 * the console uses) needs an admin, so that a new route is closed until someone opens it.
 */
export function describeRequest(
  method: string,
  path: string,
): { permission: Permission; action: AuditAction; detail?: string } {
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD' || verb === 'OPTIONS')
    return { permission: 'read', action: 'v2.read' };
  const known = V2_WRITES.find((w) => w.method === verb && matches(w.path, path));
  if (known) return known;
  const shape = path
    .split('/')
    .map((part, i) => (i > 1 && /\d/.test(part) ? '{id}' : part))
    .join('/')
    .slice(0, 200);
  return { permission: 'admin', action: 'v2.other', detail: `${verb} ${shape}` };
}
