import { fieldErrorsFrom } from '../../../lib/field-errors';
import { createVendorMethodSchema } from '../../../lib/requests/accounts-payable';
import { activePolicy } from '../../approvals/policy';
import { Refusal, unjudgedFields } from '../../errors';
import { proposeMethodChange } from '../method-changes';
import { vendorOf } from '../service-reads';
import { asBody, type BillAsk, type BillJudgement, type JsonBody, notThere, onJson } from './bill-judge';

/** Vendors, and where a vendor's bills are paid: a change of a payment method waits for a second member. */

const VENDOR_ID = /\/v2\/accounts-payable\/vendors\/([0-9a-f-]{36})(?:\/|$)/;

/** A new vendor moves nothing by itself: sent as it came. */
export const judgeVendorCreate = onJson(async ({ raw }) => ({
  kind: 'send',
  body: asBody(raw),
  detail: undefined,
  amountCents: undefined,
  reservation: null,
}));

/** The vendor a path names, and the trail's words of it (its id, when the service has no such vendor). */
async function vendorAt({ call, credentials, path }: BillAsk<JsonBody>) {
  const vendorId = VENDOR_ID.exec(path)?.[1] ?? '';
  const vendor = await vendorOf(call, credentials, vendorId);
  return { vendor, detail: `Vendor ${vendor?.name ?? vendorId}` };
}

/** Deleting a vendor: sent, named in the trail. */
export const judgeVendorDelete = onJson(async (ask) => {
  const { detail } = await vendorAt(ask);
  return { kind: 'send', body: asBody(ask.raw), detail, amountCents: undefined, reservation: null };
});

/**
 * Adding or deleting a vendor's payment method: with approvals on it waits for a second member (method-changes.ts),
 * its bank details read first; with approvals off it is sent.
 */
function methodChange(action: 'vendor-method.add' | 'vendor-method.delete') {
  return onJson(async (ask): Promise<BillJudgement> => {
    const { team, call, found, path, raw } = ask;
    const { vendor, detail } = await vendorAt(ask);
    if (!vendor) return notThere();
    if ((await activePolicy(team.database.db, found.organization.id)).enabled) {
      const parsed = action === 'vendor-method.add' ? createVendorMethodSchema.safeParse(raw) : null;
      if (parsed && !parsed.success) {
        // Nothing waits that could never be made, and bank details the rule cannot read are not sent unjudged.
        return { kind: 'refused', refusal: unjudgedFields(fieldErrorsFrom(parsed.error.issues)), detail };
      }
      const waiting = await proposeMethodChange(team, call, found, vendor, action, path, raw);
      if (waiting instanceof Refusal) return { kind: 'refused', refusal: waiting, detail };
      return {
        kind: 'waiting',
        detail: `${detail} · •••• ${waiting.mask}: waits for a second member`,
        request: waiting,
      };
    }
    return { kind: 'send', body: asBody(raw), detail, amountCents: undefined, reservation: null };
  });
}

export const judgeVendorMethodAdd = methodChange('vendor-method.add');
export const judgeVendorMethodDelete = methodChange('vendor-method.delete');
