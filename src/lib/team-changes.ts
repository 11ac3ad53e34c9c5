import { can, type Role } from './roles';

/**
 * Changes of the team that grant power: who may approve, who is admin, whose credentials are whose, the approval
 * policy, the approval policies of bills and, upstream, which AP user a member acts as. With two or more active admins each waits for another admin's confirmation (a team request), so that no
 * admin alone can make themself an approver, borrow one, remove the other admin, or loosen the policy.
 */
export const TEAM_REQUEST_KINDS = [
  'invite',
  'role',
  'enable',
  'disable',
  'password-reset',
  'totp-reset',
  'policy',
  'ap-policy',
  'ap-user-link',
  'passwords',
  'role-map',
] as const;
export type TeamRequestKind = (typeof TEAM_REQUEST_KINDS)[number];

export const TEAM_REQUEST_STATUSES = [
  'pending',
  'applied',
  'rejected',
  'withdrawn',
  'expired',
  'void',
] as const;
export type TeamRequestStatus = (typeof TEAM_REQUEST_STATUSES)[number];

/** What became of a team request, in words, for the admin who asked for it. */
export const TEAM_CHANGE_OUTCOMES: Record<TeamRequestStatus, string> = {
  pending: 'Waiting for another admin',
  applied: 'Confirmed and applied',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired unconfirmed',
  void: 'Could not apply',
};

/** A team request waits this long for the second admin. */
export const TEAM_REQUEST_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A member as a change sees them. */
export interface ChangedMember {
  id: string;
  role: Role;
  status: 'invited' | 'active' | 'disabled';
}

export type TeamChange =
  | { kind: 'invite'; role: Role }
  | { kind: 'role'; target: ChangedMember; role: Role }
  | { kind: 'enable'; target: ChangedMember }
  | { kind: 'disable'; target: ChangedMember }
  | { kind: 'password-reset'; target: ChangedMember; by: string }
  | { kind: 'totp-reset'; target: ChangedMember; by: string }
  | { kind: 'policy' }
  /** An approval policy of accounts payable made, moved or deleted: who must approve which bills. */
  | { kind: 'ap-policy' }
  /** Upstream, a member linked to an AP user: they act (approve, pay) as that user. */
  | { kind: 'ap-user-link' }
  /** Passwords turned off for all but one break-glass admin (or on again): who may sign in without the provider. */
  | { kind: 'passwords' }
  /** The environment's mapping of the provider's groups to roles raises a group: who becomes what at sign-in. */
  | { kind: 'role-map' };

/** Finance and admin: the roles whose arrival adds an approver or an admin. */
const paying = (role: Role) => can(role, 'pay');

/** Whether the change grants power, and so needs a second admin where there is one. */
export function grantsPower(change: TeamChange): boolean {
  switch (change.kind) {
    case 'invite':
      return paying(change.role);
    case 'role': {
      const raised = ROLE_RANK[change.role] > ROLE_RANK[change.target.role];
      const demotesAdmin = change.target.role === 'admin' && change.role !== 'admin';
      return (raised && paying(change.role)) || demotesAdmin;
    }
    case 'enable':
      return paying(change.target.role);
    case 'disable':
      return change.target.role === 'admin';
    case 'password-reset':
    case 'totp-reset':
      return change.target.id !== change.by;
    case 'policy':
    case 'ap-policy':
    case 'ap-user-link':
    case 'passwords':
    case 'role-map':
      return true;
  }
}

const ROLE_RANK: Record<Role, number> = { viewer: 0, support: 1, finance: 2, admin: 3 };

/** Whether the change waits for another admin: it grants power and the organization has two active admins or more. */
export function needsSecondAdmin(change: TeamChange, activeAdmins: number): boolean {
  // Who may sign in without the provider is never one admin's alone: it waits for a second even where there is none yet.
  if (change.kind === 'passwords' || change.kind === 'role-map') return true;
  return activeAdmins >= 2 && grantsPower(change);
}

/** A sentence for a team request: "Invite ana@example.com as Finance". */
export function describeTeamChange(
  kind: TeamRequestKind,
  payload: Record<string, unknown>,
  target: { name: string; email: string } | null,
): string {
  const who = target ? `${target.name} (${target.email})` : String(payload.email ?? 'a member');
  const role = typeof payload.role === 'string' ? payload.role : '';
  const roleLabel = role ? role[0]?.toUpperCase() + role.slice(1) : '';
  switch (kind) {
    case 'invite':
      return `Invite ${String(payload.email ?? '')} as ${roleLabel}`;
    case 'role':
      return `Make ${who} ${roleLabel}`;
    case 'enable':
      return `Enable ${who}`;
    case 'disable':
      return `Disable ${who}`;
    case 'password-reset':
      return `Reset the password of ${who}`;
    case 'totp-reset':
      return `Reset the authenticator of ${who}`;
    case 'policy':
      return 'Change the approval policy';
    case 'ap-policy':
      return String(payload.description ?? 'Change the approval policies of bills');
    case 'ap-user-link':
      return payload.ap_user_id === null
        ? `Unlink ${who} from their AP user`
        : `Link ${who} to the AP user ${String(payload.ap_user_label ?? payload.ap_user_id)}`;
    case 'passwords':
      return payload.passwords === 'off'
        ? `Turn passwords off for everyone but ${who}, the break-glass admin`
        : 'Turn passwords back on for everyone';
    case 'role-map':
      return `Map the provider's groups to roles as the environment asks: ${String(payload.raises ?? '')}`;
  }
}

/** How the console server answered a decision on a team change: applied now, or still waiting for a second admin. */
export type TeamDecisionAnswer = 'applied' | 'waiting';

/**
 * What a decision on a team change did, in words, for the admin who made it. A confirmation of a change no member
 * proposed (the environment's, the directory's) applies nothing yet: that admin adopts it, as its proposer, and it
 * waits for a second admin; saying "confirmed" there would tell them the change is made when it is not.
 */
export function teamDecisionSaid(
  decision: 'confirm' | 'reject' | 'withdraw',
  answer: TeamDecisionAnswer | undefined,
  description: string,
): { waits: boolean; title: string; said: string; activity: string } {
  if (decision === 'confirm' && answer === 'waiting') {
    return {
      waits: true,
      title: 'Waiting for a second admin',
      said: `You adopted this change; it now waits for a second admin: ${description}`,
      activity: 'Team change adopted, waiting for a second admin',
    };
  }
  const verb = { confirm: 'Confirmed', reject: 'Rejected', withdraw: 'Withdrawn' }[decision];
  return {
    waits: false,
    title: 'Done',
    said: `${verb}: ${description}`,
    activity: `Team change ${verb.toLowerCase()}`,
  };
}

/** What the confirmation dialog says will happen: a change no member asked for is adopted, not applied. */
export function teamConfirmConsequence(proposerName: string | null, kind: TeamRequestKind): string {
  if (proposerName) return `${proposerName} asked for this. It applies as soon as you confirm it.`;
  const asker = kind === 'role-map' ? "The deployment's environment" : "The company's directory";
  return `${asker} asked for this, not a member. Confirming adopts it as yours: it applies when a second admin confirms it.`;
}
