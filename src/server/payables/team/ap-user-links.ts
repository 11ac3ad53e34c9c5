import { apUserLinkOf, apUserLinksOf } from '../../db/repositories/accounts-payable/ap-user-links';
import * as memberRows from '../../db/repositories/team/members';
import { memberNotFound, Refusal } from '../../errors';
import type { CallService } from '../../gate/service-calls';
import type { SessionMember } from '../../identity/sign-in';
import { type GrantOutcome, proposeOrApply } from '../../members/grants';
import { teamMembers } from '../../members/members';
import type { OrgCredentials, Team } from '../../team';
import { type ApUser, approversList, apUserByEmail, sameEmail } from '../service-reads';

/**
 * Which AP user a member acts as (`acting_user_id`, who approves and pays): in the sandbox the organization's AP user of
 * the member's email, as the sandbox gives every member one; upstream the AP user an admin linked them to, a grant of
 * power that waits for a second admin where there are two. A member with none reads bills and acts on none.
 */

export type ApUserMatch = 'email' | 'link';

export const matchOf = (team: Team): ApUserMatch => (team.mode === 'sandbox' ? 'email' : 'link');

/** The member's AP user, or null; a linked AP user the service no longer lists is none. */
export async function apUserOf(
  team: Team,
  call: CallService,
  credentials: OrgCredentials,
  found: SessionMember,
): Promise<ApUser | null> {
  if (matchOf(team) === 'email') return apUserByEmail(call, credentials, found.member.email);
  const link = await apUserLinkOf(team.database.db, found.organization.id, found.member.id);
  if (!link) return null;
  return (await approversList(call, credentials)).find((u) => u.id === link.ap_user_id) ?? null;
}

/** Why a member cannot act on bills, in words for the page: null when they can. */
export function whyNoAct(match: ApUserMatch, apUser: ApUser | null): string | null {
  if (apUser && apUser.role !== 'viewer') return null;
  if (apUser) return 'Your AP user may only read bills: an admin gives it a role that acts';
  return match === 'email'
    ? 'You have no AP user in this organization (an AP user of your email): you can read bills but not act on them'
    : 'No AP user is linked to you: you can read bills but not act on them until an admin links you to one (Approval policies, AP users)';
}

export async function myApUser(team: Team, call: CallService | null, found: SessionMember) {
  const credentials = team.credentialsFor(found.organization);
  const match = matchOf(team);
  const apUser = call && credentials ? await apUserOf(team, call, credentials, found) : null;
  return { match, ap_user: apUser, why_not: whyNoAct(match, apUser) };
}

/** The team's members and the AP user each acts as, with the organization's AP users to link them to. */
export async function apUsersOfTeam(team: Team, call: CallService | null, found: SessionMember) {
  const org = found.organization;
  const credentials = team.credentialsFor(org);
  const approvers = call && credentials ? await approversList(call, credentials) : [];
  const links = new Map(
    (await apUserLinksOf(team.database.db, org.id)).map((link) => [link.member_id, link]),
  );
  const members = (await teamMembers(team, org.id)).map((m) => {
    const apUser =
      matchOf(team) === 'email'
        ? (approvers.find((a) => sameEmail(a.email, m.email)) ?? null)
        : (approvers.find((a) => a.id === links.get(m.id)?.ap_user_id) ?? null);
    return { id: m.id, name: m.name, email: m.email, role: m.role, ap_user: apUser };
  });
  return { match: matchOf(team), approvers, members };
}

/** Which member acts as each AP user now: upstream by the links, in the sandbox by the email. */
export async function membersByApUser(
  team: Team,
  call: CallService,
  credentials: OrgCredentials,
  orgId: string,
): Promise<Map<number, string>> {
  if (matchOf(team) === 'link') {
    return new Map((await apUserLinksOf(team.database.db, orgId)).map((l) => [l.ap_user_id, l.member_id]));
  }
  const members = await memberRows.listMembers(team.database.db, orgId);
  const byAp = new Map<number, string>();
  for (const apUser of await approversList(call, credentials)) {
    const member = members.find((m) => sameEmail(apUser.email, m.email));
    if (member) byAp.set(apUser.id, member.id);
  }
  return byAp;
}

export const apUserLabel = (u: ApUser) =>
  `${[u.first_name, u.last_name].filter(Boolean).join(' ') || `AP user ${u.id}`}${u.email ? ` (${u.email})` : ''}`;

/** An admin links a member to an AP user (or unlinks them): applied with one admin, else a team request. */
export async function linkApUser(
  team: Team,
  call: CallService | null,
  admin: SessionMember,
  memberId: string,
  apUserId: number | null,
): Promise<GrantOutcome> {
  if (matchOf(team) === 'email') {
    return new Refusal(
      409,
      'ap-users-by-email',
      'In the sandbox each member acts as the AP user of their email: there is nothing to link',
    );
  }
  const org = admin.organization;
  const target = await memberRows.findMember(team.database.db, org.id, memberId);
  if (!target) return memberNotFound();
  const credentials = team.credentialsFor(org);
  let label = '';
  if (apUserId !== null) {
    const approvers = call && credentials ? await approversList(call, credentials) : [];
    const apUser = approvers.find((u) => u.id === apUserId);
    if (!apUser) {
      return new Refusal(400, 'invalid-request', 'The organization has no such AP user', {
        errors: [{ path: 'ap_user_id', message: 'Not one of the AP users of GET approvers' }],
      });
    }
    label = apUserLabel(apUser);
  }
  return proposeOrApply(
    team,
    admin,
    { kind: 'ap-user-link', target, payload: { ap_user_id: apUserId, ap_user_label: label } },
    '',
    call,
  );
}
