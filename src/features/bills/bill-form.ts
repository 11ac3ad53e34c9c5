import type { NewBill } from '../../api/accounts-payable';
import { parseDollars } from '../../lib/money';

/** The bill form's fields, as typed. */
export interface BillFormValues {
  vendor: string | null;
  method: string | null;
  number: string;
  amount: string;
  funding: 'dots_balance' | 'ach';
  description: string;
}

/** A blank form, and a draft read from a PDF, are funded from the app's wallet unless the member says otherwise. */
export const EMPTY_BILL: BillFormValues = {
  vendor: null,
  method: null,
  number: '',
  amount: '',
  funding: 'dots_balance',
  description: '',
};

/**
 * What was typed before a PDF was chosen, as the PATCH that puts it over the draft the service read: the typed fields
 * win over the PDF's (an amount typed replaces the items read), and the funding is always the form's, so that a draft
 * from a PDF has the same default as a blank form. A field left empty, or an amount that does not read, keeps the
 * draft's.
 */
export function typedOverDraft(values: BillFormValues): Partial<NewBill> {
  const amount = parseDollars(values.amount);
  return {
    funding_source: values.funding,
    ...(values.number.trim() ? { number: values.number.trim() } : {}),
    ...(values.vendor && values.method
      ? { ap_vendor_id: values.vendor, ap_payment_method_id: values.method }
      : {}),
    ...(values.amount.trim() && amount.ok ? { amount: amount.cents, items: [] } : {}),
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
  };
}

/** Whether the service read nothing from the PDF: no vendor, no amount and no items (only the file's name). */
export function readNothing(bill: {
  ap_vendor_id?: string | null | undefined;
  amount?: number | null | undefined;
  items?: readonly unknown[] | null | undefined;
}): boolean {
  return !bill.ap_vendor_id && !bill.amount && (bill.items ?? []).length === 0;
}
