import type { Bill, NewBill } from '../../../api/accounts-payable';
import { dollarsField } from '../../../lib/dollars-field';
import { centsToDecimal, parseDollars } from '../../../lib/money';
import { createPayableSchema } from '../../../lib/requests/accounts-payable';
import { z } from '../../../lib/zod';

/** The bill form's fields, as typed. */
export interface BillFormValues {
  vendor: string | null;
  method: string | null;
  number: string;
  amount: string;
  funding: 'dots_balance' | 'ach';
  description: string;
  /** Ticked: the person says it is not the invoice the bills like it already are. */
  different: boolean;
}

/** A blank form, and a draft read from a PDF, are funded from the app's wallet unless the member says otherwise. */
export const EMPTY_BILL: BillFormValues = {
  vendor: null,
  method: null,
  number: '',
  amount: '',
  funding: 'dots_balance',
  description: '',
  different: false,
};

/** A draft's fields as the form shows them, to be corrected. */
export function billFormOf(bill: Bill): BillFormValues {
  return {
    vendor: bill.ap_vendor_id ?? null,
    method: bill.ap_payment_method_id ?? null,
    number: bill.number,
    amount: bill.amount ? centsToDecimal(bill.amount) : '',
    funding: bill.funding_source === 'ach' ? 'ach' : 'dots_balance',
    description: bill.description ?? '',
    different: false,
  };
}

/** A choice that must be made, said at its field while it is not. */
const chosen = (message: string) =>
  z
    .string()
    .nullable()
    .transform((value, ctx) => {
      if (value) return value;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

const payable = createPayableSchema.shape;

/**
 * The form's rules, in the form's words, over the service's own (lib/requests/accounts-payable.ts): the number at
 * most as long as the service takes it, the dollars whole cents the service takes. A bill like one the vendor already
 * has (`looksLikeAnother`) needs the tick that says it is another invoice.
 */
export function billFormSchema(looksLikeAnother: boolean) {
  return z
    .object({
      vendor: chosen('Choose the vendor'),
      method: chosen('Choose where the money goes'),
      number: z.string().trim().min(1, 'Enter the invoice number').pipe(payable.number),
      amount: dollarsField(payable.amount.unwrap()),
      funding: z.enum(['dots_balance', 'ach']),
      description: z.string().trim().pipe(payable.description.unwrap()),
      different: z.boolean(),
    })
    .refine((bill) => !looksLikeAnother || bill.different, {
      path: ['different'],
      message: 'Tick this, or correct the bill',
      // Said with the fields' own problems, not only once they are put right.
      when: () => true,
    });
}
export type BillFormRead = z.output<ReturnType<typeof billFormSchema>>;

/** The bill to create or save: the draft's items while they add up to the amount typed, otherwise the amount. */
export function toBillBody(bill: BillFormRead, items: NonNullable<NewBill['items']>): NewBill {
  const itemsTotal = items.reduce((sum, item) => sum + item.amount, 0);
  return {
    number: bill.number,
    ap_vendor_id: bill.vendor,
    ap_payment_method_id: bill.method,
    funding_source: bill.funding,
    ...(bill.description ? { description: bill.description } : {}),
    ...(items.length > 0 && itemsTotal === bill.amount
      ? { items }
      : { amount: bill.amount, ...(items.length > 0 ? { items: [] } : {}) }),
  };
}

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
