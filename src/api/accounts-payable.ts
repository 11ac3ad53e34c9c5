import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYABLE_STATUSES } from '../lib/ap-states';
import type { Disagreements, WireAgrees } from '../lib/wire/agreement';
import type {
  ApprovalPolicy,
  SandboxBill,
  SandboxVendorMethod,
  Approver as WireApprover,
  Vendor as WireVendor,
} from '../lib/wire/resources';
import { z } from '../lib/zod';
import { useDescribedMutation } from './activity-log';
import { rawExchange, request } from './client';
import { session } from './credentials';

/**
 * Accounts payable (`/v2/accounts-payable`): vendors, their methods, bills, approval policies and AP users, as the
 * vendor's document shapes them. `acting_user_id` is the console server's to set: the console sends none of its own.
 * Fields marked "extension" are the sandbox's; upstream they may be missing and the pages say less.
 */

const AP = '/v2/accounts-payable';

export const billItemSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  amount: z.number(),
  description: z.string().nullish(),
});

export const billSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(PAYABLE_STATUSES).or(z.string()),
  amount: z.number(),
  funding_source: z.string().nullish(),
  /** The app whose wallet a `dots_balance` bill is paid from. */
  api_app_id: z.string().nullish(),
  ap_vendor_id: z.string().nullish(),
  ap_vendor_name: z.string().nullish(),
  ap_payment_method_id: z.string().nullish(),
  ap_payment_method_name: z.string().nullish(),
  /** extension */
  ap_payment_method_mask: z.string().nullish(),
  description: z.string().nullish(),
  file_url: z.string().nullish(),
  items: z.array(billItemSchema).nullish(),
  created: z.string().nullish(),
  /** extension */
  created_by: z.number().nullish(),
  /** extension */
  approval_policy_id: z.string().nullish(),
  /** extension */
  next_approvers: z.array(z.number()).nullish(),
  approval_steps: z
    .array(
      z.object({
        completed: z.boolean(),
        completed_timestamp: z.string().nullish(),
        num_approvals_required: z.number(),
        user_approvals: z.array(
          z.object({
            user_id: z.number(),
            name: z.string().nullish(),
            approval_given: z.boolean(),
            approval_timestamp: z.string().nullish(),
            approval_comment: z.string().nullish(),
          }),
        ),
      }),
    )
    .nullish(),
  action_history: z
    .array(
      z.object({
        action: z.string(),
        user_id: z.number().nullish(),
        user_name: z.string().nullish(),
        user_role: z.string().nullish(),
        comment: z.string().nullish(),
        timestamp: z.string().nullish(),
      }),
    )
    .nullish(),
  transfer_id: z.string().nullish(),
  transfer_history: z
    .array(
      z.object({
        transfer_id: z.string(),
        idempotency_key: z.string().nullish(),
        created_timestamp: z.string().nullish(),
      }),
    )
    .nullish(),
});
export type Bill = z.infer<typeof billSchema>;
/** Compiles only while the schema reads a bill as the vendor's document (and the sandbox's extension) writes it. */
export type BillReadsTheWire = WireAgrees<Disagreements<Bill, SandboxBill>>;

export const vendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  contact_email: z.string().nullish(),
});
export type Vendor = z.infer<typeof vendorSchema>;
export type VendorReadsTheWire = WireAgrees<Disagreements<Vendor, WireVendor>>;
export const vendorMethodSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  mask: z.string().nullish(),
  ach_account_type: z.string().nullish(),
  ach_routing_number: z.string().nullish(),
});
export type VendorMethod = z.infer<typeof vendorMethodSchema>;
export type VendorMethodReadsTheWire = WireAgrees<Disagreements<VendorMethod, SandboxVendorMethod>>;
export const approverSchema = z.object({
  id: z.number(),
  email: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  role: z.string().nullish(),
});
export type Approver = z.infer<typeof approverSchema>;
export type ApproverReadsTheWire = WireAgrees<Disagreements<Approver, WireApprover>>;
export const policySchema = z.object({
  id: z.string(),
  priority: z.number(),
  description: z.string().nullish(),
  payable_conditions: z.array(
    z.object({
      type: z.string(),
      comparator: z.string().nullish(),
      value: z.union([z.number(), z.string()]),
    }),
  ),
  approval_conditions: z.array(
    z.object({
      approver_list: z.array(z.object({ id: z.number(), name: z.string().nullish() })),
      num_approvals_required: z.number(),
    }),
  ),
});
export type ApPolicy = z.infer<typeof policySchema>;
export type PolicyReadsTheWire = WireAgrees<Disagreements<ApPolicy, ApprovalPolicy>>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), has_more: z.boolean().nullish() });

export interface BillFilter {
  status?: string | undefined;
  waiting_for?: number | undefined;
  ap_vendor_id?: string | undefined;
  limit?: number;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}

export const billQueries = {
  list: (filter: BillFilter) =>
    queryOptions({
      queryKey: ['bills', 'list', filter],
      queryFn: () =>
        request({ method: 'GET', path: `${AP}/payables`, query: { ...filter }, response: page(billSchema) }),
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: ['bills', id],
      queryFn: () => request({ method: 'GET', path: `${AP}/payables/${id}`, response: billSchema }),
    }),
  vendors: () =>
    queryOptions({
      queryKey: ['vendors'],
      queryFn: () =>
        request({
          method: 'GET',
          path: `${AP}/vendors`,
          query: { limit: 100 },
          response: page(vendorSchema),
        }),
    }),
  methods: (vendorId: string) =>
    queryOptions({
      queryKey: ['vendors', vendorId, 'methods'],
      queryFn: () =>
        request({
          method: 'GET',
          path: `${AP}/vendors/${vendorId}/payment-methods`,
          response: z.array(vendorMethodSchema),
        }),
    }),
  approvers: () =>
    queryOptions({
      queryKey: ['ap-approvers'],
      queryFn: () => request({ method: 'GET', path: `${AP}/approvers`, response: z.array(approverSchema) }),
      staleTime: 60_000,
    }),
  policies: () =>
    queryOptions({
      queryKey: ['ap-policies'],
      queryFn: () =>
        request({ method: 'GET', path: `${AP}/approval-policies`, response: z.array(policySchema) }),
    }),
};

/** The bill's invoice as a `blob:` URL the browser's own viewer shows (fetched with the member's credentials). */
export async function billPdf(id: string): Promise<string> {
  const response = await rawExchange('GET', `${AP}/payables/${id}/file`);
  return URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: 'application/pdf' }));
}

export interface NewBill {
  number: string;
  ap_vendor_id: string;
  ap_payment_method_id: string;
  amount?: number | undefined;
  items?: { name: string; quantity: number; unit_price: number; amount: number }[] | undefined;
  funding_source: 'dots_balance' | 'ach';
  description?: string | undefined;
}

function useBillMutation<V>(what: string, mutationFn: (variables: V) => Promise<Bill>) {
  const client = useQueryClient();
  return useDescribedMutation({
    mutationFn,
    activity: (_variables: V, bill?: Bill) => ({
      action: what,
      subject: bill?.id ?? '',
      details: bill ? `Bill ${bill.number}, ${bill.amount} cents, ${bill.status}` : '',
    }),
    onSuccess: (bill) => {
      client.setQueryData(billQueries.one(bill.id).queryKey, bill);
      void client.invalidateQueries({ queryKey: ['bills', 'list'] });
    },
  });
}

export function useCreateBill() {
  return useBillMutation('Bill created', (body: NewBill) =>
    request({ method: 'POST', path: `${AP}/payables`, body, response: billSchema }),
  );
}

/** A draft from an invoice PDF (the service reads it). */
export function useUploadInvoice() {
  return useBillMutation('Bill made from an invoice PDF', async (file: File) => {
    const form = new FormData();
    // The console server puts the member's own AP user here.
    form.set('acting_user_id', '0');
    form.set('file', file);
    const response = await rawExchange('POST', `${AP}/payables/upload-from-file`, form);
    return billSchema.parse(await response.json());
  });
}

/** The typed fields put over the draft a PDF made (the draft is the mutation's, not the page's). */
export function usePatchDraft() {
  return useBillMutation('Bill changed', ({ id, body }: { id: string; body: Partial<NewBill> }) =>
    request({ method: 'PATCH', path: `${AP}/payables/${id}`, body, response: billSchema }),
  );
}

/** A draft made from a PDF the service read nothing from, cancelled so that no empty draft is left behind. */
export function useDiscardDraft() {
  return useBillMutation('Bill canceled: nothing read from its PDF', (id: string) =>
    billAction(id, 'cancel', 'The service read nothing from its PDF'),
  );
}

export function useUpdateBill(id: string) {
  return useBillMutation('Bill changed', (body: Partial<NewBill>) =>
    request({ method: 'PATCH', path: `${AP}/payables/${id}`, body, response: billSchema }),
  );
}

export type BillAction = 'submit-for-approval' | 'approve' | 'reject' | 'cancel' | 'pay';

/** A move of the bill's status machine; the server says who acts. */
export function billAction(id: string, action: BillAction, comment?: string): Promise<Bill> {
  return request({
    method: 'POST',
    path: `${AP}/payables/${id}/${action}`,
    body: { acting_user_id: 0, ...(comment && action !== 'pay' ? { comment } : {}) },
    response: billSchema,
  });
}

export function useBillAction(id: string) {
  return useBillMutation('Bill moved', ({ action, comment }: { action: BillAction; comment?: string }) =>
    billAction(id, action, comment),
  );
}

/**
 * The signed-in member's AP user when it may act on bills, as the console server matches it (in the sandbox the AP
 * user of their email; upstream the one an admin linked them to); null when there is none, or only a viewer, with the
 * server's words why (it refuses their actions either way).
 */
export function useMyApUser(): { apUser: Approver | null; why: string | null; pending: boolean } {
  const signedInMember = Boolean(session.credentials()?.member);
  const mine = useQuery({
    queryKey: ['ap-users', 'me'],
    queryFn: () => request({ method: 'GET', path: '/api/team/ap-users/me', response: myApUserAnswer }),
    staleTime: 60_000,
    enabled: signedInMember,
  });
  const apUser = mine.data && !mine.data.why_not ? mine.data.ap_user : null;
  return { apUser, why: mine.data?.why_not ?? null, pending: signedInMember && mine.isPending };
}

const myApUserAnswer = z.object({ ap_user: approverSchema.nullable(), why_not: z.string().nullable() });
