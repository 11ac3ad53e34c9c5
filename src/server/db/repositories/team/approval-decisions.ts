import type { ConsoleDb } from '../../database';
import { sealerOf } from '../../seals';

/** Members' decisions on approval requests: a member counts once (the key is request and member). */

export async function recordDecision(
  db: ConsoleDb,
  requestId: string,
  memberId: string,
  decision: { approve: true } | { approve: false; reason: string },
  at: string,
): Promise<void> {
  await db
    .insertInto('approval_decisions')
    .values(
      sealerOf(db).sealed('approval_decisions', {
        request_id: requestId,
        member_id: memberId,
        decision: decision.approve ? 'approve' : 'reject',
        reason: decision.approve ? null : decision.reason,
        at,
      }),
    )
    .onConflict((oc) => oc.columns(['request_id', 'member_id']).doNothing())
    .execute();
}

/**
 * A request's approvals with their approvers as they are now (whether each still counts is the rules' to say): only
 * those whose decision and member rows are as their repositories sealed them (db/seals.ts); the others are reported
 * and left out, as if absent.
 */
export async function approversOf(db: ConsoleDb, requestId: string) {
  const rows = await db
    .selectFrom('approval_decisions')
    .innerJoin('members', 'members.id', 'approval_decisions.member_id')
    .selectAll('members')
    .select([
      'approval_decisions.request_id',
      'approval_decisions.member_id',
      'approval_decisions.decision',
      'approval_decisions.at',
      'approval_decisions.seal as decision_seal',
    ])
    .where('approval_decisions.request_id', '=', requestId)
    .where('approval_decisions.decision', '=', 'approve')
    .execute();
  const sealer = sealerOf(db);
  return rows
    .filter(
      (row) =>
        sealer.verifies(
          'approval_decisions',
          { ...row, reason: null, seal: row.decision_seal },
          { table: 'approval_decisions', id: `${row.request_id} ${row.member_id}`, orgId: row.org_id },
        ) &&
        sealer.verifies(
          'members',
          { ...row, id: row.member_id },
          {
            table: 'members',
            id: row.member_id,
            orgId: row.org_id,
          },
        ),
    )
    .map((row) => ({
      member_id: row.member_id,
      role: row.role,
      status: row.status,
      approver_since: row.approver_since,
      held_until: row.held_until,
    }));
}

/** A request's decisions with who made them, as its page shows them. */
export function decisionsOf(db: ConsoleDb, requestId: string) {
  return db
    .selectFrom('approval_decisions')
    .innerJoin('members', 'members.id', 'approval_decisions.member_id')
    .select([
      'approval_decisions.member_id',
      'approval_decisions.decision',
      'approval_decisions.reason',
      'approval_decisions.at',
      'members.name',
      'members.email',
    ])
    .where('request_id', '=', requestId)
    .execute();
}

/** Removes these members' approvals of a request: it waits for ones that count. */
export async function dropApprovals(db: ConsoleDb, requestId: string, memberIds: readonly string[]) {
  if (memberIds.length === 0) return;
  await db
    .deleteFrom('approval_decisions')
    .where('request_id', '=', requestId)
    .where('member_id', 'in', [...memberIds])
    .where('decision', '=', 'approve')
    .execute();
}

/** A member's approvals of requests still waiting: dropped when the member can no longer approve. */
export async function dropApprovalsBy(db: ConsoleDb, memberId: string) {
  const waiting = db.selectFrom('approval_requests').select('id').where('status', '=', 'pending');
  await db
    .deleteFrom('approval_decisions')
    .where('member_id', '=', memberId)
    .where('decision', '=', 'approve')
    .where('request_id', 'in', waiting)
    .execute();
}
