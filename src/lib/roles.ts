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
