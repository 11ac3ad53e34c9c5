import { randomUUID } from 'node:crypto';
import { approvalsIn, changesWhatIsPaid } from '../../../lib/bill-approvals';
import { formatCents } from '../../../lib/money';
import { insertBillEdit } from '../../db/repositories/accounts-payable/bill-approvals';
import { onJson } from './bill-judge';
import { actingAs, amountOf, billDetail, billJudgedOn } from './checks';

/**
 * A bill's edit: made by the member's AP user, and noted once the service took it, with whether it changed what is
 * paid and the approvals it found (an edit of what is paid voids them: lib/bill-approvals.ts).
 */
export const judgeBillUpdate = onJson(async (ask) => {
  const read = await billJudgedOn(ask);
  if ('kind' in read) return read;
  const { bill, amountCents } = read;
  const { team, found, raw } = ask;
  let detail = read.detail;
  // The trail names what the bill becomes, and what it was.
  const next = amountOf(raw);
  if (next !== null && next !== bill.amount) {
    detail = `${billDetail({ number: typeof raw.number === 'string' ? raw.number : bill.number, vendor: bill.ap_vendor_name, amount: next })} (was ${bill.amount ? formatCents(bill.amount) : 'no amount'})`;
  }
  const acting = await actingAs(ask, detail, amountCents);
  if (acting.kind !== 'acting') return acting;
  const material = changesWhatIsPaid(bill as unknown as Record<string, unknown>, raw);
  const approvalsBefore = approvalsIn(bill);
  const after = async (response: Response) => {
    if (!response.ok) return;
    await insertBillEdit(team.database.db, {
      id: randomUUID(),
      org_id: found.organization.id,
      bill_id: bill.id,
      member_id: found.member.id,
      ap_user_id: acting.apUser.id,
      material: material ? 1 : 0,
      approvals_before: approvalsBefore,
      at: team.now().toISOString(),
    });
  };
  return { kind: 'send', body: acting.body, detail, amountCents, reservation: null, after };
});
