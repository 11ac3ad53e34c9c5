import type { ConsoleDb } from '../db/database';
import * as invitationRows from '../db/repositories/team/invitations';
import type { MemberRow, OrganizationRow } from '../db/schema/team';
import { deliverLink, type LinkDelivery, linkMessage } from '../mail/notices';
import { memberView } from '../members/members';
import type { Team } from '../team';
import { newSecret, sha256Hex } from './secrets';

/**
 * One-time links: an invitation, a password reset, the first admin's. A link's token is random and only its hash is
 * kept, with what it grants (its member's role and email when it was made) and the admin it was shown to when there is
 * no mail.
 */

export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
export const FIRST_ADMIN_TTL_MS = 60 * 60 * 1000;
/** A first-admin link younger than this is another server's of the same start: it is left as the one link. */
const SAME_START_MS = 60 * 1000;

/** Who asked for a change and who confirmed it (null: it applied at once). */
export interface ChangedBy {
  proposedBy: string;
  confirmedBy: string | null;
}

/** A new link's token, kept as its hash with what it grants. */
export async function insertLink(
  db: ConsoleDb,
  link: {
    orgId: string;
    member: Pick<MemberRow, 'id' | 'role' | 'email'> | null;
    purpose: 'invite' | 'reset' | 'first-admin';
    ttlMs: number;
    shownTo?: string | null;
  },
  now = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + link.ttlMs).toISOString();
  await invitationRows.insertInvitation(db, {
    token_hash: sha256Hex(token),
    org_id: link.orgId,
    member_id: link.member?.id ?? null,
    purpose: link.purpose,
    expires_at: expiresAt,
    used_at: null,
    role: link.member?.role ?? null,
    email: link.member?.email ?? null,
    shown_to: link.shownTo ?? null,
  });
  return { token, expiresAt };
}

/**
 * Spends every open link of a member: their role, status or email changed (a link grants what it was made for, not
 * what the member became), or another link was made for them.
 */
export function revokeLinksOf(db: ConsoleDb, memberId: string, now: Date): Promise<void> {
  return invitationRows.spendLinksOf(db, memberId, now.toISOString());
}

/** The link a member opens to set a password: the console's own page. */
function invitationUrl(origin: string, token: string): string {
  return `${origin}/invitation/${token}`;
}

/** Without mail a link is shown to the admin whose answer carries it: the one who confirmed, else the one who asked. */
function shownTo(team: Team, by: ChangedBy): string | null {
  return team.mailer ? null : (by.confirmedBy ?? by.proposedBy);
}

/** A new one-time link for a member (any other they had is spent), delivered by mail or shown. */
export async function issueLink(
  team: Team,
  org: OrganizationRow,
  member: MemberRow,
  purpose: 'invite' | 'reset',
  origin: string,
  by: ChangedBy,
): Promise<LinkDelivery> {
  const db = team.database.db;
  await revokeLinksOf(db, member.id, team.now());
  const link = await insertLink(
    db,
    { orgId: org.id, member, purpose, ttlMs: INVITATION_TTL_MS, shownTo: shownTo(team, by) },
    team.now(),
  );
  const url = { url: invitationUrl(origin, link.token), expiresAt: link.expiresAt };
  return deliverLink(team.mailer, linkMessage(purpose, memberView(member), org.name, url), url);
}

export type FirstAdmin = { path: string } | { issuedBy: 'another-server'; expiresAt: string } | null;

/**
 * The one-time link that names an upstream organization's first admin, while it has no member. One link at a time:
 * a start replaces an older one (its link may be lost), but leaves one made moments ago, by another server starting
 * at the same time, as the only one (a unique index makes the two inserts one).
 */
export async function firstAdminLink(team: Team, orgId: string): Promise<FirstAdmin> {
  const db = team.database.db;
  const now = team.now();
  const sameStart = new Date(now.getTime() + FIRST_ADMIN_TTL_MS - SAME_START_MS).toISOString();
  await invitationRows.spendFirstAdminLinks(db, orgId, sameStart, now.toISOString());
  try {
    const link = await insertLink(
      db,
      { orgId, member: null, purpose: 'first-admin', ttlMs: FIRST_ADMIN_TTL_MS },
      now,
    );
    return { path: `/invitation/${link.token}` };
  } catch (error) {
    const live = await invitationRows.openFirstAdminLink(db, orgId);
    if (!live) throw error;
    return { issuedBy: 'another-server', expiresAt: live.expires_at };
  }
}
