import { can, isRole } from '../../lib/roles';
import { type ConsoleDb, transaction } from '../db/database';
import * as invitationRows from '../db/repositories/team/invitations';
import * as memberRows from '../db/repositories/team/members';
import { invalidFields, linkNotFound, Refusal } from '../errors';
import { findMemberByEmail, type MemberRow, normalEmail } from '../members/members';
import { passwordBarred, passwordsOff } from '../sso/password-rule';
import type { Team } from '../team';
import { hashPassword, newMemberId, sha256Hex } from './secrets';

async function liveInvitation(db: ConsoleDb, token: string, now: Date) {
  if (token.length > 100) return undefined;
  const row = await invitationRows.findInvitationWithMember(db, sha256Hex(token));
  if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) return undefined;
  if (row.member_id !== null && !stillGrants(row)) return undefined;
  // Spending a link is not sealed (a writer of the database may give a spent one its use back): a first admin's link
  // opens only while its organization has no member, whatever its row says.
  if (row.member_id === null && (await memberRows.countMembers(db, row.org_id)) > 0) return undefined;
  return row;
}

/**
 * A member's link opens only what it was made for: the same role and email, an invitation while its member is still
 * invited, a reset while they are active and have set no password since (a reset takes the old one away, the link's
 * use sets the new one; spending is not sealed, so a spent link given its use back in the database finds a password
 * and opens nothing). (A change of those spends the link too: this holds whatever the order.)
 */
function stillGrants(row: {
  purpose: string;
  granted_role: string | null;
  granted_email: string | null;
  role: string | null;
  email: string | null;
  status: string | null;
  password_hash: string | null;
}): boolean {
  const status = row.purpose === 'invite' ? 'invited' : 'active';
  if (row.purpose === 'reset' && row.password_hash !== null) return false;
  return row.role === row.granted_role && row.email === row.granted_email && row.status === status;
}

/**
 * A link shown to an admin (no mail) opens only while that admin is the team's only one: once there is another, the
 * link in an admin's hands would open an account the other admin is about to trust. Counted without the link's own
 * member (an admin invited by the only one).
 */
function otherAdminsThan(db: ConsoleDb, orgId: string, ids: readonly string[]): Promise<number> {
  return memberRows.countMembers(db, orgId, { status: 'active', roles: ['admin'], except: ids });
}

const handedOverRefusal = () =>
  new Refusal(
    409,
    'link-handed-over',
    'This link was shown to an admin when the team had one; it has two now, so ask an admin to send you a new one by mail',
  );

/** A link shown to an admin while there was no other, now that there is one: it no longer opens. */
async function handedOver(
  db: ConsoleDb,
  row: { shown_to: string | null; org_id: string; member_id: string | null },
) {
  return (
    row.shown_to !== null && (await otherAdminsThan(db, row.org_id, [row.shown_to, row.member_id ?? ''])) > 0
  );
}

/** What a one-time link is for (the page that opens it says so), or why it does not open. */
export async function invitationInfo(team: Team, token: string) {
  const db = team.database.db;
  const row = await liveInvitation(db, token, team.now());
  if (!row) return linkNotFound();
  if (await handedOver(db, row)) return handedOverRefusal();
  return {
    purpose: row.purpose,
    organization: { name: row.org_name },
    email: row.email,
    name: row.name,
    role: row.role ?? 'admin',
    expires_at: row.expires_at,
  };
}

/** What a person sends to use a one-time link (the first admin also names themself). */
export interface Acceptance {
  password: string;
  email?: string | undefined;
  name?: string | undefined;
}

/**
 * Uses a one-time link: an invited member sets their password, a reset member a new one, or the first admin of an
 * upstream organization names themself. The link is spent in the same transaction, so a second use finds it gone.
 * A member of a paying role approves only what is submitted from then on (approver_since): the link's holder is
 * someone new as far as waiting requests are concerned.
 */
export async function acceptInvitation(
  team: Team,
  token: string,
  body: Acceptance,
): Promise<{ member: MemberRow; purpose: string } | Refusal> {
  const db = team.database.db;
  const now = team.now();
  const invitation = await liveInvitation(db, token, now);
  if (!invitation) return linkNotFound();
  if (invitation.purpose === 'first-admin' && (!body.email || !body.name)) {
    const errors = [
      ...(body.email ? [] : [{ path: 'email', message: 'Enter your email' }]),
      ...(body.name ? [] : [{ path: 'name', message: 'Enter your name' }]),
    ];
    return invalidFields(errors);
  }
  if (invitation.purpose === 'first-admin' && (await findMemberByEmail(db, body.email ?? ''))) {
    return invalidFields([{ path: 'email', message: 'A member already has this email' }], 409);
  }
  if (await handedOver(db, invitation)) return handedOverRefusal();
  // No password is set (by an invitation or a reset) for a member the organization signs in only through its provider.
  const invited = invitation.member_id
    ? await memberRows.findMember(db, invitation.org_id, invitation.member_id)
    : undefined;
  if (invited && (await passwordBarred(db, invited))) return passwordsOff(team);
  const hashed = await hashPassword(body.password);
  const at = now.toISOString();
  // Set through a reset: the hold on the account's payments runs from now, when its new password exists.
  const heldUntil = new Date(now.getTime() + team.resetHoldMs).toISOString();
  const hold =
    invitation.purpose === 'reset'
      ? {
          held_until:
            invitation.held_until && invitation.held_until > heldUntil ? invitation.held_until : heldUntil,
        }
      : {};
  const memberId = await transaction(db, async (trx) => {
    if (!(await invitationRows.spendInvitation(trx, invitation.token_hash, at))) return null;
    if (invitation.member_id) {
      const role = isRole(invitation.role) ? invitation.role : 'viewer';
      // Any other link of theirs is spent with this one: one password, set once.
      await invitationRows.spendLinksOf(trx, invitation.member_id, at);
      await memberRows.updateMember(trx, invitation.member_id, {
        password_hash: hashed,
        status: 'active',
        approver_since: can(role, 'pay') ? at : null,
        password_link_shown_to: invitation.shown_to,
        password_set_at: at,
        ...hold,
        ...(body.name ? { name: body.name } : {}),
      });
      return invitation.member_id;
    }
    const created = await memberRows.insertMemberRow(trx, {
      id: newMemberId(),
      org_id: invitation.org_id,
      email: normalEmail(body.email ?? ''),
      name: body.name ?? '',
      role: 'admin',
      status: 'active',
      password_hash: hashed,
      totp_secret: null,
      totp_pending_secret: null,
      created_at: at,
      last_seen_at: null,
      approver_since: at,
      password_link_shown_to: null,
      password_set_at: at,
      held_until: null,
      held_by: null,
    });
    return created.id;
  });
  if (!memberId) return linkNotFound();
  const member = await memberRows.getMember(db, memberId);
  return { member, purpose: invitation.purpose };
}
