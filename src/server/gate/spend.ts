import { randomUUID } from 'node:crypto';
import { type ApprovalNeed, approvalNeed } from '../../lib/approval-rules';
import type { ApprovalPolicy } from '../approvals/policy';
import { type ConsoleDb, transaction } from '../db/database';
import { deleteSpend, insertSpend, sumSpend } from '../db/repositories/member-spend';
import { lockMember } from '../db/repositories/members';

/**
 * What each member moves alone (without a second member's approval), counted by the server from what it forwards, so
 * that a limit cannot be got round by splitting: the member's rolling 24 hours against their daily limit, and a
 * file's rows so far against the approval limit.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a member moved alone in the 24 hours before `now`, in cents. */
export function movedToday(db: ConsoleDb, memberId: string, now: Date): Promise<number> {
  return sumSpend(db, { memberId }, new Date(now.getTime() - DAY_MS).toISOString());
}

export type Reservation = { kind: 'reserved'; id: string } | { kind: 'needs-approval'; need: ApprovalNeed };

/**
 * Before money a member moves alone is sent: judged against the policy with what they (and the file it belongs to)
 * moved in the last 24 hours, and written down at once, with the member's row held, so that two servers at once
 * cannot both let through payments that together pass the limit. A refused payment's reservation is released.
 */
export async function reserveSpend(
  db: ConsoleDb,
  spend: { orgId: string; memberId: string; amountCents: number; fileId: string | null },
  policy: ApprovalPolicy,
  now: Date,
): Promise<Reservation> {
  return transaction(db, async (trx) => {
    await lockMember(trx, spend.memberId);
    const since = new Date(now.getTime() - DAY_MS).toISOString();
    if (spend.fileId && policy.enabled) {
      const fileSoFar = await sumSpend(trx, { orgId: spend.orgId, fileId: spend.fileId }, since);
      const need = approvalNeed(policy, fileSoFar + spend.amountCents, 0, 'file');
      if (need.needed) return { kind: 'needs-approval', need } as const;
    }
    const need = approvalNeed(
      policy,
      spend.amountCents,
      await sumSpend(trx, { memberId: spend.memberId }, since),
    );
    if (need.needed) return { kind: 'needs-approval', need } as const;
    const id = randomUUID();
    await insertSpend(trx, {
      id,
      org_id: spend.orgId,
      member_id: spend.memberId,
      amount_cents: spend.amountCents,
      file_id: spend.fileId,
      at: now.toISOString(),
    });
    return { kind: 'reserved', id } as const;
  });
}

/** The payment was refused (or answered as one sent before): nothing moved this time. */
export async function releaseSpend(db: ConsoleDb, id: string): Promise<void> {
  await deleteSpend(db, id);
}
