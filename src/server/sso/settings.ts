import { readFileSync } from 'node:fs';
import { isRole, ROLES, type Role } from '../../lib/roles';

/** Single sign-on through the company's OpenID provider, from the environment (docs/operations.md, "Single sign-on"). */
export interface SsoSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** What the sign-in page's button says: "Sign in with <name>". */
  providerName: string;
  /** The claim of the ID token (or userinfo) that lists the person's groups. */
  groupsClaim: string;
  /**
   * Which group gives which role as the environment asks for it; a person in several groups gets the highest. The
   * mapping in force is the stored one (role-map.ts), which this changes at start only where it lowers.
   */
  roleOfGroup: ReadonlyMap<string, Role>;
  /** How often a session's tokens are checked with the provider again (a person who left loses access then). */
  recheckMs: number;
  /** Where the provider sends the person back: PUBLIC_URL + /api/team/sso/callback. */
  redirectUri: string;
  /** The `amr` values (and `acr` values) by which the provider says it checked a second factor. */
  mfa: { amr: ReadonlySet<string>; acr: ReadonlySet<string> };
}

/**
 * `OIDC_ROLE_MAP`: `group=role` pairs separated by commas (`payouts-admins=admin,payouts-finance=finance`). A role
 * that is not one of the console's, or a pair without both halves, is a mistake said at start, never skipped.
 */
export function parseRoleMap(text: string): Map<string, Role> {
  const map = new Map<string, Role>();
  for (const pair of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.lastIndexOf('=');
    const group = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (at <= 0 || !group) throw new Error(`OIDC_ROLE_MAP: "${pair}" is not group=role`);
    if (!isRole(role)) throw new Error(`OIDC_ROLE_MAP: "${role}" is not a role (${ROLES.join(', ')})`);
    map.set(group, role);
  }
  if (map.size === 0) throw new Error('OIDC_ROLE_MAP names no group: nobody could sign in');
  return map;
}

/** The settings, or null when OIDC_ISSUER is unset (members sign in with passwords only). */
export function ssoSettingsFromEnv(env: NodeJS.ProcessEnv, publicUrl: string): SsoSettings | null {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) return null;
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const secretFile = env.OIDC_CLIENT_SECRET_FILE?.trim();
  const clientSecret = secretFile ? readFileSync(secretFile, 'utf8').trim() : env.OIDC_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) {
    throw new Error(
      'OIDC_ISSUER is set: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or OIDC_CLIENT_SECRET_FILE) too',
    );
  }
  const recheck = Number(env.OIDC_RECHECK_MS?.trim() || 5 * 60 * 1000);
  if (!Number.isSafeInteger(recheck) || recheck < 1_000)
    throw new Error('OIDC_RECHECK_MS must be 1000 or more');
  return {
    issuer: new URL(issuer),
    clientId,
    clientSecret,
    providerName: env.OIDC_PROVIDER_NAME?.trim() || new URL(issuer).hostname,
    groupsClaim: env.OIDC_GROUPS_CLAIM?.trim() || 'groups',
    roleOfGroup: parseRoleMap(env.OIDC_ROLE_MAP ?? ''),
    recheckMs: recheck,
    redirectUri: `${publicUrl.replace(/\/+$/, '')}/api/team/sso/callback`,
    mfa: {
      amr: listOf(env.OIDC_MFA_AMR ?? 'mfa,otp,hwk,swk,sc,pop,fpt,face,iris,retina'),
      acr: listOf(env.OIDC_MFA_ACR ?? ''),
    },
  };
}

const listOf = (text: string) =>
  new Set(
    text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );

/** Whether the provider says it checked a second factor: one of its `amr` values, or its `acr`, is one we take. */
export function providerCheckedMfa(
  claims: { amr?: unknown; acr?: unknown },
  mfa: SsoSettings['mfa'],
): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [];
  return amr.some((v) => mfa.amr.has(v)) || (typeof claims.acr === 'string' && mfa.acr.has(claims.acr));
}

/** The role a person's groups give (the highest), or null when none of them is mapped. */
export function roleOfGroups(groups: unknown, roleOfGroup: ReadonlyMap<string, Role>): Role | null {
  const list = Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
  let best: Role | null = null;
  for (const group of list) {
    const role = roleOfGroup.get(group);
    if (role && (best === null || ROLES.indexOf(role) > ROLES.indexOf(best))) best = role;
  }
  return best;
}
