import { billCreation } from '../db/repositories/accounts-payable/bill-approvals';
import { billActsInTrail } from '../db/repositories/team/audit-trail';
import { sealerOf } from '../db/seals';
import type { Team } from '../team';

/**
 * A seal shows a note changed or inserted, never one deleted. The notes of who made, edited and approved a bill decide
 * whose word an AP user's act is and which approvals an edit voided, so a deleted one would let a maker approve their
 * own bill, an approval count as another member's, or a voided approval count again. The trail (chained under the
 * audit key) says which of those acts the console forwarded: each must have its sealed note, or the bill is neither
 * approved nor paid through the console.
 */
export const NOTE_MISSING =
  "The console forwarded an act on this bill (its making, an edit or an approval) whose record is gone from the console's database: it is neither approved nor paid here. Cancel it and make a new bill, to be approved again";

const NOTED_AS = {
  'bill.approve': 'ap_bill_approvals',
  'bill.update': 'ap_bill_edits',
} as const;

/**
 * Whether an act on this bill that the console forwarded has no note (reported, as a line), given the members of the
 * approvals' and edits' notes that verify (one that does not verify is the rules' own refusal).
 */
export async function billNoteMissing(
  team: Team,
  orgId: string,
  billId: string,
  noted: { approvals: readonly string[]; edits: readonly string[] },
): Promise<boolean> {
  const db = team.database.db;
  const acts = await billActsInTrail(db, orgId, billId);
  if (acts.length === 0) return false;
  const notes = { 'bill.approve': noted.approvals, 'bill.update': noted.edits };
  let gone: 'ap_bill_creations' | 'ap_bill_approvals' | 'ap_bill_edits' | null = null;
  for (const action of ['bill.approve', 'bill.update'] as const) {
    const count = (ids: readonly (string | null)[]) => {
      const counted = new Map<string | null, number>();
      for (const id of ids) counted.set(id, (counted.get(id) ?? 0) + 1);
      return counted;
    };
    const kept = count(notes[action]);
    const forwarded = count(acts.filter((act) => act.action === action).map((act) => act.member_id));
    if ([...forwarded].some(([member, n]) => (kept.get(member) ?? 0) < n)) gone = NOTED_AS[action];
  }
  const made = acts.some((act) => act.action === 'bill.create' || act.action === 'bill.upload');
  if (made && (await billCreation(db, orgId, billId)) === 'none') gone = 'ap_bill_creations';
  if (!gone) return false;
  sealerOf(db).onViolation({ table: gone, id: billId, orgId, missing: true });
  return true;
}
