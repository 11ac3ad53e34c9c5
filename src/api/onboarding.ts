import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { DELIVER_TO_HEADER, DELIVERY_HEADER, type FlowDelivery } from '../lib/flow-links';
import { z } from '../lib/zod';
import { useDescribedMutation } from './activity-log';
import { request } from './client';
import { session } from './credentials';
import { customerSchema, pageSchema, userSchema } from './schemas';

/**
 * Onboarding: users made and kept (create, tax form, verification, delete), onboarding links (the vendor's flows),
 * payment customers, and the copy of compliance between apps. Each change may carry a support ticket's reference,
 * which goes to the audit line (a header) and this tab's activity log, never into the body the service gets.
 */

const userPath = (userId: string) => `/v2/users/${encodeURIComponent(userId)}`;
const withTicket = (details: string, ticket?: string) =>
  ticket?.trim() ? `${details} (ticket ${ticket.trim()})` : details;

export const flowSchema = z.object({
  id: z.string(),
  created: z.string().nullish(),
  user_id: z.string().nullish(),
  steps: z.array(z.string()),
  completed_steps: z.array(z.string()),
  // Read again by a member who may not pay, a flow comes without its link (a bearer credential: gate/claim-links.ts).
  link: z.string().nullish(),
  expires_at: z.string().nullish(),
  status: z.string().nullish(),
});
export type Flow = z.infer<typeof flowSchema>;

/** How a new link left (the console server's word): mailed to the payee, copied by its maker, or a mail that failed. */
export const flowDeliverySchema = z.object({
  delivery: z.enum(['email', 'copy', 'failed', 'none']),
  to: z.string().nullish(),
  message: z.string().nullish(),
});
export const madeFlowSchema = flowSchema.extend({ delivery: flowDeliverySchema.nullish() });
export type MadeFlow = z.infer<typeof madeFlowSchema>;

export interface NewUser {
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  phone_number: string;
  date_of_birth?: string;
  metadata?: Record<string, string>;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['users', 'create'],
    mutationFn: ({ user, ticket }: { user: NewUser; ticket?: string }) =>
      request({ method: 'POST', path: '/v2/users', body: user, response: userSchema, ticket }),
    activity: ({ user, ticket }, made) => ({
      action: 'User created',
      subject: made?.id ?? user.email,
      details: withTicket(`${user.first_name} ${user.last_name}`, ticket),
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
  });
}

export function listFlows(userId: string) {
  return request({
    method: 'GET',
    path: '/v2/flows',
    query: { user_id: userId, limit: 20 },
    response: pageSchema(flowSchema),
  });
}

export const flowQueries = {
  ofUser: (userId: string) =>
    queryOptions({ queryKey: ['users', userId, 'flows'], queryFn: () => listFlows(userId) }),
};

export interface NewFlow {
  /** The user it is for; none for a new payee, who gives their details on the link's first page. */
  userId?: string | undefined;
  steps: string[];
  redirectUrl?: string | undefined;
  /** Mailed by the console server to the payee (the user's email, or `email` for a new payee), or copied. */
  delivery: FlowDelivery;
  email?: string | undefined;
  ticket?: string | undefined;
}

export function createFlow({ userId, steps, redirectUrl, delivery, email, ticket }: NewFlow) {
  return request({
    method: 'POST',
    path: '/v2/flows',
    body: {
      ...(userId ? { user_id: userId } : {}),
      steps: [...steps, ...(redirectUrl ? [{ name: 'redirect', redirect_url: redirectUrl }] : [])],
    },
    response: madeFlowSchema,
    ticket,
    consoleHeaders: {
      [DELIVERY_HEADER]: delivery,
      ...(email && !userId ? { [DELIVER_TO_HEADER]: email } : {}),
    },
  });
}

export function useCreateFlow() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['flows', 'create'],
    mutationFn: createFlow,
    activity: ({ userId, steps, delivery, ticket }) => ({
      action: delivery === 'email' ? 'Onboarding link sent by email' : 'Onboarding link made',
      subject: userId ?? 'a new payee',
      details: withTicket(steps.join(', '), ticket),
    }),
    onSuccess: (_flow, { userId }) =>
      userId ? queryClient.invalidateQueries({ queryKey: ['users', userId, 'flows'] }) : Promise.resolve(),
  });
}

export function useSendVerification() {
  return useDescribedMutation({
    mutationKey: ['users', 'send-code'],
    mutationFn: ({ userId, voice, ticket }: { userId: string; voice: boolean; ticket?: string }) =>
      request({
        method: 'POST',
        path: `${userPath(userId)}/send-verification-token`,
        body: { use_voice: voice },
        response: z.unknown(),
        ticket,
      }),
    activity: ({ userId, voice, ticket }) => ({
      action: 'Verification code sent',
      subject: userId,
      details: withTicket(voice ? 'by voice call' : 'by SMS', ticket),
    }),
  });
}

export function useVerifyUser() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['users', 'verify'],
    mutationFn: ({ userId, code, ticket }: { userId: string; code: string; ticket?: string }) =>
      request({
        method: 'POST',
        path: `${userPath(userId)}/verify`,
        body: { token: code },
        response: z.unknown(),
        ticket,
      }),
    // Never the code itself.
    activity: ({ userId, ticket }) => ({
      action: 'Verification code entered',
      subject: userId,
      details: withTicket('code checked', ticket),
    }),
    onSuccess: (_answer, { userId }) => queryClient.invalidateQueries({ queryKey: ['users', userId] }),
  });
}

export interface W9Form {
  entity_type: 'individual' | 'business';
  business_name?: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  tin: string;
  address: { line_1: string; city: string; state: string; postcode: string; country: 'US' };
}

export function useSubmitTaxForm() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['users', 'tax-form'],
    mutationFn: ({ userId, w9, ticket }: { userId: string; w9: W9Form; ticket?: string }) =>
      request({
        method: 'PUT',
        path: `${userPath(userId)}/compliance`,
        body: { w9 },
        response: z.unknown(),
        ticket,
      }),
    // The TIN's last four only.
    activity: ({ userId, w9, ticket }) => ({
      action: 'Tax form submitted',
      subject: userId,
      details: withTicket(`W-9, TIN ending ${w9.tin.replace(/\D/g, '').slice(-4)}`, ticket),
    }),
    onSuccess: (_answer, { userId }) => queryClient.invalidateQueries({ queryKey: ['users', userId] }),
  });
}

export interface ContactDetails {
  first_name?: string;
  last_name?: string;
  email?: string;
  country_code?: string;
  phone_number?: string;
}

/** Changes what changed of a user's contact details (a sandbox extension; PATCH /v2/users/{id}). */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['users', 'contact'],
    mutationFn: ({ userId, changes, ticket }: { userId: string; changes: ContactDetails; ticket?: string }) =>
      request({ method: 'PATCH', path: userPath(userId), body: changes, response: userSchema, ticket }),
    activity: ({ userId, changes, ticket }) => ({
      action: 'Contact details changed',
      subject: userId,
      details: withTicket(Object.keys(changes).join(', '), ticket),
    }),
    onSuccess: (_user, { userId }) => queryClient.invalidateQueries({ queryKey: ['users', userId] }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['users', 'delete'],
    mutationFn: ({ userId, ticket }: { userId: string; ticket?: string }) =>
      request({ method: 'DELETE', path: userPath(userId), response: z.unknown(), ticket }),
    activity: ({ userId, ticket }) => ({
      action: 'User deleted',
      subject: userId,
      details: withTicket('deleted', ticket),
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export interface NewPaymentCustomer {
  first_name?: string;
  last_name?: string;
  business_name?: string;
  email: string;
  country_code?: string;
  phone_number?: string;
}

export function useCreatePaymentCustomer() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['customers', 'create'],
    mutationFn: (customer: NewPaymentCustomer) =>
      request({ method: 'POST', path: '/v2/payment-customers', body: customer, response: customerSchema }),
    activity: (customer, made) => ({
      action: 'Payment customer created',
      subject: made?.id ?? customer.email,
      details: customer.business_name ?? `${customer.first_name ?? ''} ${customer.last_name ?? ''}`.trim(),
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}

export function useCopyComplianceBetweenApps() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['compliance', 'copy-between'],
    mutationFn: (apps: { source_app_id: string; destination_app_id: string }) =>
      request({
        method: 'PUT',
        path: '/v2/organizations/copy-compliance-information-between-apps',
        body: apps,
        response: z.object({ success: z.boolean().nullish(), message: z.string().nullish() }),
      }),
    activity: (apps) => ({
      action: 'Compliance copied between apps',
      subject: apps.destination_app_id,
      details: `from ${apps.source_app_id}`,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apps'] }),
  });
}

export const payeeRequestSchema = z.object({
  id: z.string(),
  description: z.string(),
  payee: z.string(),
  user_id: z.string(),
  operation: z.enum(['add-payout-method', 'set-default']).nullish(),
  before: z.array(z.string()),
  after: z.string(),
  /** The payee's method most like the new one, and the new one in pieces with what differs from it marked. */
  like: z.string().nullish(),
  after_parts: z.array(z.object({ text: z.string(), differs: z.boolean() })).optional(),
  ticket: z.string().nullish(),
  proposer: z.object({ id: z.string(), name: z.string() }).nullish(),
  status: z.string(),
  reason: z.string().nullish(),
  created_at: z.string(),
});
export type PayeeRequest = z.infer<typeof payeeRequestSchema>;

/**
 * Payee requests are the console server's own (a team's): an operator signed in with the organization's key (an
 * upstream without team mode) has none, and is never sent to ask, which would answer as a signed-out session.
 */
const asMember = () => Boolean(session.credentials()?.member);

export const payeeRequestQueries = {
  pending: () =>
    queryOptions({
      queryKey: ['approvals', 'payee-requests', 'pending'],
      enabled: asMember(),
      queryFn: () =>
        request({
          method: 'GET',
          path: '/api/team/payee-requests',
          query: { status: 'pending' },
          response: z.object({ data: z.array(payeeRequestSchema) }),
        }),
    }),
  /** Every recent request, whatever became of it: what a payee's onboarding link led to. */
  recent: () =>
    queryOptions({
      queryKey: ['approvals', 'payee-requests', 'recent'],
      enabled: asMember(),
      queryFn: () =>
        request({
          method: 'GET',
          path: '/api/team/payee-requests',
          response: z.object({ data: z.array(payeeRequestSchema) }),
        }),
    }),
};

export function useDecidePayeeRequest() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['approvals', 'payee-request'],
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'confirm' | 'reject'; reason?: string }) =>
      request({
        method: 'POST',
        path: `/api/team/payee-requests/${encodeURIComponent(id)}/${decision}`,
        body: decision === 'reject' ? { reason } : {},
        response: payeeRequestSchema,
      }),
    activity: ({ id, decision }, answer) => ({
      action: decision === 'confirm' ? 'Payee change confirmed' : 'Payee change rejected',
      subject: answer?.user_id ?? id,
      details: answer?.description ?? id,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['approvals', 'payee-requests'] }),
  });
}
