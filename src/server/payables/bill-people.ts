import { sameHands } from '../../lib/approval-rules';
import type { BillEdit } from '../../lib/bill-approvals';
import type { ConsoleDb } from '../db/database';
import { billCreation } from '../db/repositories/accounts-payable/bill-approvals';
import { listMembers } from '../db/repositories/team/members';
import type { BillApprovalRow } from '../db/schema/team';
import type { CallService } from '../gate/service-calls';
import { heldUntil } from '../members/hold';
import type { OrgCredentials, Team } from '../team';
import { type Bill, creatorOf } from './service-reads';
import { matchOf, membersByApUser } from './team/ap-user-links';

/**
 * The people behind a bill's AP users. The service names AP users, and upstream an admin can link a member to
 * another AP user between two steps of one bill: create as one, approve as a second, pay as a third. So the rules
 * compare members too: the console notes who made each bill (`ap_bill_creations`), who edited it and who approved
 * it, each with the AP user they acted as; an AP user the console has no note of is the member linked to it now
 * (upstream the link, in the sandbox the email), or else someone outside the team.
 */
export interface BillPeople {
  /** The member who made the bill, when known. */
  creator: string | null;
  /** The members who changed it last (the console's record, and whoever is linked to the service's last editor). */
  lastEditors: string[];
  /**
   * Every member known to have acted as this AP user on this bill (or linked to it now, when none is); `[]` for
   * someone outside the team (the sandbox's AP user of no member's email), null when the person cannot be told
   * (upstream, an AP user no member is linked to now and the console has no note of: a link changed, or a note
   * deleted from the database).
   */
  membersOf(apUserId: number): string[] | null;
}

/** A note of the bill's making that does not verify: the bill is neither approved nor paid through the console. */
export const CREATION_CHANGED =
  "The console's record of who made this bill was changed outside the console: it is neither approved nor paid here. Cancel it and make a new bill, to be approved again";

export async function billPeople(
  team: Team,
  call: CallService,
  credentials: OrgCredentials,
  orgId: string,
  bill: Bill,
  known: {
    approvals: readonly Pick<BillApprovalRow, 'ap_user_id' | 'member_id'>[];
    edits: readonly BillEdit[];
  },
): Promise<BillPeople | 'forged'> {
  const creation = await billCreation(team.database.db, orgId, bill.id);
  if (creation === 'forged') return 'forged';
  const noted = new Map<number, Set<string>>();
  const note = (apUserId: number, memberId: string | undefined) => {
    if (!memberId) return;
    noted.set(apUserId, (noted.get(apUserId) ?? new Set()).add(memberId));
  };
  for (const approval of known.approvals) note(approval.ap_user_id, approval.member_id);
  for (const edit of known.edits) note(edit.apUserId, edit.memberId);
  if (creation !== 'none') note(creation.ap_user_id, creation.member_id);

  // The links of today are read only when an AP user of the bill has no note of the console.
  const named = [
    creatorOf(bill),
    ...(bill.action_history ?? []).map((a) => a.user_id),
    ...(bill.approval_steps ?? []).flatMap((s) => s.user_approvals.map((a) => a.user_id)),
  ].filter((id): id is number => typeof id === 'number');
  const linked = named.some((id) => !noted.has(id))
    ? await membersByApUser(team, call, credentials, orgId)
    : new Map<number, string>();
  const upstream = matchOf(team) === 'link';
  const membersOf = (apUserId: number) => {
    const members = noted.get(apUserId);
    if (members) return [...members];
    const member = linked.get(apUserId);
    return member ? [member] : upstream ? null : [];
  };

  const creatorAp = creatorOf(bill);
  const creator =
    creation !== 'none'
      ? creation.member_id
      : creatorAp !== null
        ? (membersOf(creatorAp)?.[0] ?? null)
        : null;
  const lastUpdate = (bill.action_history ?? []).findLast((a) => a.action === 'update')?.user_id;
  const lastEditors = [
    ...new Set(
      [
        known.edits.at(-1)?.memberId,
        known.edits.findLast((e) => e.material)?.memberId,
        ...(typeof lastUpdate === 'number' ? (membersOf(lastUpdate) ?? []) : []),
      ].filter((id): id is string => typeof id === 'string'),
    ),
  ];
  return { creator, lastEditors, membersOf };
}

/**
 * The members whose word on a bill is not a second person's beside these (its maker, last editors, payer): themselves,
 * every account that may share their hands (a password set through a link one was shown, lib/approval-rules.ts), and
 * the admins who reset a held one's credentials (members/hold.ts).
 */
export async function handsOf(
  db: ConsoleDb,
  orgId: string,
  ids: readonly (string | null)[],
  now: Date,
): Promise<Set<string>> {
  const core = new Set(ids.filter((id): id is string => id !== null));
  const members = await listMembers(db, orgId);
  const hands = new Set(core);
  for (const member of members.filter((m) => core.has(m.id))) {
    if (heldUntil(member, now))
      for (const admin of (member.held_by ?? '').split(' ')) if (admin) hands.add(admin);
    for (const other of members) if (sameHands(member, other)) hands.add(other.id);
  }
  return hands;
}
