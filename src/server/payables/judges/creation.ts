import { insertBillCreation } from '../../db/repositories/accounts-payable/bill-approvals';
import { vendorOf } from '../service-reads';
import { type BillAsk, type BillBody, type BillJudgement, onJson, onJsonOrForm } from './bill-judge';
import { actingAs, amountOf, billDetail } from './checks';

/**
 * A new bill, typed or read from an invoice's PDF: made by the member's AP user, and who made it is the member,
 * whichever AP user they act as later (noted once the service made it).
 */
async function made(ask: BillAsk<BillBody>, detail: string | undefined): Promise<BillJudgement> {
  const acting = await actingAs(ask, detail, undefined);
  if (acting.kind !== 'acting') return acting;
  const { team, found } = ask;
  const after = async (response: Response) => {
    if (!response.ok) return;
    const bill = (await response
      .clone()
      .json()
      .catch(() => null)) as { id?: unknown } | null;
    if (typeof bill?.id !== 'string') return;
    await insertBillCreation(team.database.db, {
      org_id: found.organization.id,
      bill_id: bill.id,
      member_id: found.member.id,
      ap_user_id: acting.apUser.id,
      at: team.now().toISOString(),
    });
  };
  return { kind: 'send', body: acting.body, detail, amountCents: undefined, reservation: null, after };
}

/** A bill typed in: the trail names its number, vendor and amount as the body says them. */
export const judgeBillCreate = onJson(async (ask) => {
  const { call, credentials, raw } = ask;
  const vendorId = typeof raw.ap_vendor_id === 'string' ? raw.ap_vendor_id : null;
  const vendor = vendorId ? await vendorOf(call, credentials, vendorId) : null;
  const detail = billDetail({
    number: typeof raw.number === 'string' ? raw.number : undefined,
    vendor: vendor?.name,
    amount: amountOf(raw),
  });
  return made(ask, detail);
});

/** A bill read from an invoice's PDF: nothing of it is known before the service reads it. */
export const judgeBillUpload = onJsonOrForm((ask) => made(ask, undefined));
