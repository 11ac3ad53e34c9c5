import { consoleEntry } from '../audit/chain';
import type { ConsoleDb } from '../db/database';
import * as ssoRows from '../db/repositories/sso/sso';
import * as memberRows from '../db/repositories/team/members';
import type { OrganizationRow } from '../db/schema/team';
import { Refusal } from '../errors';
import type { Team } from '../team';

/**
 * Passwords off for everyone but one break-glass admin: the organization's members sign in through the company's
 * provider, so that a person who leaves loses the console with their directory account. Turning passwords off,
 * naming the break-glass admin and turning them on again each wait for a second admin (members/grants.ts).
 */

export type PasswordSetting = 'on' | 'off';

/** What an admin asks for: off with the break-glass admin named, or on again for everyone. */
export type PasswordRuleChange =
  | { passwords: 'off'; break_glass_member_id: string }
  | { passwords: 'on'; break_glass_member_id: null };

/** What the Team page shows. */
export interface PasswordRuleView {
  passwords: PasswordSetting;
  break_glass: { id: string; name: string; email: string } | null;
  /** Passwords can be turned off only where the console signs in through a provider. */
  sso_configured: boolean;
  provider_name: string | null;
  changed_at: string | null;
}

export async function passwordRuleView(team: Team, orgId: string): Promise<PasswordRuleView> {
  const db = team.database.db;
  const rule = await ssoRows.passwordRuleOf(db, orgId);
  const breakGlass = rule?.break_glass_member_id
    ? await memberRows.findMember(db, orgId, rule.break_glass_member_id)
    : undefined;
  return {
    passwords: rule?.passwords ?? 'on',
    break_glass: breakGlass ? { id: breakGlass.id, name: breakGlass.name, email: breakGlass.email } : null,
    sso_configured: team.sso !== null,
    provider_name: team.sso?.rp.settings.providerName ?? null,
    changed_at: rule?.changed_at ?? null,
  };
}

/**
 * Whether the organization refuses this member a password: passwords are off and they are not the break-glass admin.
 * Said the same at sign-in, at a reset or invitation link, and for a password session already open.
 */
export async function passwordBarred(
  db: ConsoleDb,
  member: { id: string; org_id: string; totp_secret: string | null },
): Promise<boolean> {
  const rule = await ssoRows.passwordRuleOf(db, member.org_id);
  if (rule?.passwords !== 'off') return false;
  // The break-glass admin signs in with a password and a code, never a password alone (their authenticator reset).
  return rule.break_glass_member_id !== member.id || !member.totp_secret;
}

/** The sentence a refused member reads: where to sign in instead. */
export function passwordsOffMessage(team: Team): string {
  const provider = team.sso ? ` (${team.sso.rp.settings.providerName})` : '';
  return `Passwords are turned off for your organization: sign in with single sign-on${provider}`;
}

export const passwordsOff = (team: Team) => new Refusal(403, 'passwords-off', passwordsOffMessage(team));

/**
 * What makes the change impossible, said at its field: no provider to sign in through, or a break-glass admin who is
 * not an active admin of the organization with an authenticator (they sign in with a password and their TOTP).
 */
export async function passwordRuleProblem(
  team: Team,
  org: OrganizationRow,
  change: PasswordRuleChange,
): Promise<Refusal | null> {
  if (change.passwords === 'on') {
    const rule = await ssoRows.passwordRuleOf(team.database.db, org.id);
    if ((rule?.passwords ?? 'on') === 'on') {
      return new Refusal(409, 'passwords-on-already', 'Passwords are on already', { field: 'passwords' });
    }
    return null;
  }
  if (!team.sso) {
    return new Refusal(
      409,
      'sso-required',
      'Set up single sign-on first (OIDC_ISSUER): with passwords off, members sign in only through the provider',
      { field: 'passwords' },
    );
  }
  const admin = memberRows.intactMember(
    team.database.db,
    await memberRows.findMember(team.database.db, org.id, change.break_glass_member_id),
  );
  if (admin?.role !== 'admin' || admin.status !== 'active') {
    return new Refusal(409, 'break-glass-not-admin', 'The break-glass member must be an active admin', {
      field: 'break_glass_member_id',
    });
  }
  if (!admin.totp_secret) {
    return new Refusal(
      409,
      'break-glass-without-totp',
      `${admin.name} has no authenticator yet: the break-glass admin signs in with a password and a 6-digit code`,
      { field: 'break_glass_member_id' },
    );
  }
  return null;
}

/** A confirmed change, checked again, then kept. */
export async function applyPasswordRule(
  team: Team,
  org: OrganizationRow,
  change: PasswordRuleChange,
  by: { proposedBy: string; confirmedBy: string | null },
): Promise<Refusal | PasswordRuleView> {
  const problem = await passwordRuleProblem(team, org, change);
  if (problem) return problem;
  if (!by.confirmedBy)
    throw new Error('A change of the password rule applies only once a second admin confirmed it');
  const version = await ssoRows.savePasswordRule(team.database.db, {
    org_id: org.id,
    passwords: change.passwords,
    break_glass_member_id: change.break_glass_member_id,
    proposed_by: by.proposedBy,
    confirmed_by: by.confirmedBy,
    changed_at: team.now().toISOString(),
  });
  // The row's anchor: a later read that finds it gone or older than this version takes passwords as off for everyone.
  await team.audit(
    consoleEntry(org.id, ssoRows.PASSWORD_RULE_WRITTEN, [`version:${version}`], {
      status: 200,
      detail: `Passwords ${change.passwords}${change.break_glass_member_id ? ` but for the break-glass admin ${change.break_glass_member_id}` : ''}, confirmed by a second admin`,
    }),
  );
  return passwordRuleView(team, org.id);
}
