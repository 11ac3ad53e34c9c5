import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CreateVendor, CreateVendorMethod } from '../lib/requests/accounts-payable';
import { z } from '../lib/zod';
import { type VendorMethod, vendorMethodSchema } from './accounts-payable';
import { useDescribedMutation } from './activity-log';
import { request } from './client';

/**
 * Vendors of accounts payable and their payment methods (`/v2/accounts-payable/vendors`), and the changes of a vendor's
 * bank details that wait for a second member (the console server's `/api/team/vendor-method-changes`).
 */

const AP = '/v2/accounts-payable';

export const vendorDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  contact_email: z.string().nullish(),
  external_id: z.string().nullish(),
  address: z
    .object({
      line_1: z.string().nullish(),
      line_2: z.string().nullish(),
      city: z.string().nullish(),
      state: z.string().nullish(),
      postcode: z.string().nullish(),
      country: z.string().nullish(),
    })
    .nullish(),
  created: z.string().nullish(),
});
export type VendorDetail = z.infer<typeof vendorDetailSchema>;

const vendorPage = z.object({ data: z.array(vendorDetailSchema), has_more: z.boolean().nullish() });

export const methodChangeSchema = z.object({
  id: z.string(),
  kind: z.enum(['vendor-method-add', 'vendor-method-delete']),
  description: z.string(),
  vendor: z.object({ id: z.string(), name: z.string() }),
  mask: z.string(),
  routing_number: z.string().nullable(),
  proposer_id: z.string(),
  status: z.string(),
  decided_by: z.string().nullable(),
  reason: z.string().nullable(),
  method_id: z.string().nullable(),
  created_at: z.string(),
});
export type MethodChange = z.infer<typeof methodChangeSchema>;

/** A change of bank details answered 202: it waits for a second member. */
const waitingSchema = z.object({ kind: z.literal('waiting'), request: methodChangeSchema });

export interface VendorFilter {
  search?: string | undefined;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}

export const vendorQueries = {
  list: (filter: VendorFilter) =>
    queryOptions({
      queryKey: ['vendors', 'list', filter],
      queryFn: () =>
        request({
          method: 'GET',
          path: `${AP}/vendors`,
          query: { limit: 25, ...filter, search: filter.search?.trim() || undefined },
          response: vendorPage,
        }),
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: ['vendors', id],
      queryFn: () => request({ method: 'GET', path: `${AP}/vendors/${id}`, response: vendorDetailSchema }),
    }),
  changes: () =>
    queryOptions({
      queryKey: ['vendor-method-changes'],
      queryFn: () =>
        request({
          method: 'GET',
          path: '/api/team/vendor-method-changes',
          response: z.object({ data: z.array(methodChangeSchema) }),
        }),
    }),
};

export function useCreateVendor() {
  const client = useQueryClient();
  return useDescribedMutation({
    mutationFn: (body: CreateVendor) =>
      request({ method: 'POST', path: `${AP}/vendors`, body, response: vendorDetailSchema }),
    activity: (body: CreateVendor, vendor?: VendorDetail) => ({
      action: 'Vendor created',
      subject: vendor?.id ?? '',
      details: body.name,
    }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['vendors'] }),
  });
}

export function useDeleteVendor(id: string) {
  const client = useQueryClient();
  return useDescribedMutation({
    mutationFn: () =>
      request({
        method: 'DELETE',
        path: `${AP}/vendors/${id}`,
        response: z.object({ deleted: z.boolean() }),
      }),
    activity: () => ({ action: 'Vendor deleted', subject: id, details: '' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['vendors'] }),
  });
}

/** What a change of bank details became: made now, or waiting for a second member (with approvals on). */
export type MethodOutcome = { kind: 'done' } | { kind: 'waiting'; request: MethodChange };

const methodAnswer = z.union([waitingSchema, vendorMethodSchema, z.object({ deleted: z.boolean() })]);

function outcomeOf(answer: z.infer<typeof methodAnswer>): MethodOutcome {
  return 'kind' in answer && answer.kind === 'waiting' ? answer : { kind: 'done' };
}

export function useAddVendorMethod(vendorId: string) {
  const client = useQueryClient();
  return useDescribedMutation({
    mutationFn: async (body: CreateVendorMethod) =>
      outcomeOf(
        await request({
          method: 'POST',
          path: `${AP}/vendors/${vendorId}/payment-methods`,
          body,
          response: methodAnswer,
        }),
      ),
    activity: (body: CreateVendorMethod, outcome?: MethodOutcome) => ({
      action: outcome?.kind === 'waiting' ? 'Vendor account proposed' : 'Vendor account added',
      subject: vendorId,
      details: `•••• ${body.ach_account_number.slice(-4)}`,
    }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['vendors', vendorId, 'methods'] });
      void client.invalidateQueries({ queryKey: ['vendor-method-changes'] });
    },
  });
}

export function useDeleteVendorMethod(vendorId: string) {
  const client = useQueryClient();
  return useDescribedMutation({
    mutationFn: async (method: VendorMethod) =>
      outcomeOf(
        await request({
          method: 'DELETE',
          path: `${AP}/vendors/${vendorId}/payment-methods/${method.id}`,
          response: methodAnswer,
        }),
      ),
    activity: (method: VendorMethod, outcome?: MethodOutcome) => ({
      action: outcome?.kind === 'waiting' ? 'Vendor account removal proposed' : 'Vendor account removed',
      subject: vendorId,
      details: `•••• ${method.mask ?? ''}`,
    }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['vendors', vendorId, 'methods'] });
      void client.invalidateQueries({ queryKey: ['vendor-method-changes'] });
    },
  });
}

export function useDecideMethodChange() {
  const client = useQueryClient();
  return useDescribedMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'confirm' | 'reject'; reason?: string }) =>
      request({
        method: 'POST',
        path: `/api/team/vendor-method-changes/${id}/${decision}`,
        body: decision === 'reject' ? { reason } : {},
        response: methodChangeSchema,
      }),
    activity: ({ id, decision }: { id: string; decision: 'confirm' | 'reject'; reason?: string }) => ({
      action: decision === 'confirm' ? 'Vendor account change confirmed' : 'Vendor account change rejected',
      subject: id,
      details: '',
    }),
    onSuccess: (change) => {
      void client.invalidateQueries({ queryKey: ['vendor-method-changes'] });
      void client.invalidateQueries({ queryKey: ['vendors', change.vendor.id, 'methods'] });
    },
  });
}
