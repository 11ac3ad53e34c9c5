import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { formatCents } from '../lib/money';
import { KEY_ON_REUSE } from '../lib/money-record';
import { type CreatePayoutRequest, type Payout, toPayoutRequest } from '../lib/payout-request';
import type { Disagreements, WireAgrees } from '../lib/wire/agreement';
import type {
  PayoutBatchResult,
  SandboxPayoutBatch,
  SandboxPayoutLink,
  SandboxPayoutRequest,
} from '../lib/wire/resources';
import { z } from '../lib/zod';
import { type ActivityDescription, useDescribedMutation } from './activity-log';
import { movedMoney } from './approvals';
import { request } from './client';
import type { MoneyKind } from './money';
import {
  centsSchema,
  metadataSchema,
  pageSchema,
  type Transfer,
  transferSchema,
  userSchema,
} from './schemas';
import { findTransferByKey } from './transfers';

/**
 * Money out: payouts to a user's saved method, payout links, payout batches and payout requests, as the vendor's
 * document shapes them. Fields marked "sandbox extension" are the sandbox's; upstream they may be missing, and the
 * pages that show them say less rather than fail.
 */

/** POST /v2/payouts. A key used before is refused (409) by the vendor, not answered again: see payoutMoney. */
export function createPayout(
  body: CreatePayoutRequest,
  options: { file?: string | undefined; appId?: string | undefined } = {},
): Promise<Transfer> {
  return request({ method: 'POST', path: '/v2/payouts', body, response: transferSchema, ...options });
}

/** "$25.00 to user … (paypal)": a payout's line in the activity log. */
export function describePayout(body: CreatePayoutRequest, transfer?: Transfer): ActivityDescription {
  return {
    action: 'Payout sent',
    subject: transfer?.id ?? '',
    details: `${formatCents(body.amount)} to user ${body.user_id} (${body.platform})`,
  };
}

/**
 * A payout, as the one submission and a file's rows send it. The vendor refuses a payout key it has seen rather than
 * answering the first payout again (and so does the sandbox), so its outcome, when the answer is lost, is learnt by
 * looking it up; a resend after a look-up that found nothing is safe in both modes: were the first there after all,
 * the resend is refused, and looked up.
 */
export const payoutMoney: MoneyKind<Payout, CreatePayoutRequest> = {
  noun: 'payout',
  bodyOf: toPayoutRequest,
  keyOf: (body) => body.idempotency_key,
  send: async (body, route) => ({ transfer: await createPayout(body, route), replayed: false }),
  findByKey: (body) => findTransferByKey(body.idempotency_key, { userId: body.user_id, type: 'payout' }),
  keyOnReuse: KEY_ON_REUSE.payout,
  describe: describePayout,
};

export const payoutLinkSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    created: z.string().nullish(),
    link: z.string().nullish(),
    amount: centsSchema,
    status: z.string(),
    payee: z
      .object({
        first_name: z.string().nullish(),
        last_name: z.string().nullish(),
        email: z.string().nullish(),
        country_code: z.string().nullish(),
        phone_number: z.string().nullish(),
      })
      .nullish(),
    delivery: z
      .object({
        method: z.string().nullish(),
        email: z.string().nullish(),
        country_code: z.string().nullish(),
        phone_number: z.string().nullish(),
        message: z.string().nullish(),
      })
      .nullish(),
    user_id: z.string().nullish(),
    claimed_user_id: z.string().nullish(),
    transfer_id: z.string().nullish(),
    memo: z.string().nullish(),
    metadata: metadataSchema,
    /** Sandbox extension: deliveries so far (at most 5). */
    deliveries: z.number().nullish(),
    /** Sandbox extension. */
    expires: z.string().nullish(),
    /** Sandbox extension: each status with its time, and a note ("By email", "To PayPal j•••@example.com"). */
    history: z.array(z.object({ status: z.string(), at: z.string(), note: z.string().nullish() })).nullish(),
  }),
);
export type PayoutLinkReadsTheWire = WireAgrees<
  Disagreements<z.output<typeof payoutLinkSchema>, SandboxPayoutLink>
>;

export interface PayoutLinkQuery {
  status?: string | undefined;
  limit?: number;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}

export function listPayoutLinks(query: PayoutLinkQuery) {
  return request({
    method: 'GET',
    path: '/v2/payout-links',
    query: { ...query },
    response: pageSchema(payoutLinkSchema),
  });
}

export function getPayoutLink(id: string) {
  return request({
    method: 'GET',
    path: `/v2/payout-links/${encodeURIComponent(id)}`,
    response: payoutLinkSchema,
  });
}

/** What the console sends to POST /v2/payout-links. */
export interface CreatePayoutLinkRequest {
  amount: number;
  payee?: { email?: string; country_code?: string; phone_number?: string };
  delivery: { method: 'email' | 'sms' | 'link'; message?: string };
  memo?: string;
  idempotency_key: string;
}

/** With `appId`, the link's amount is held from that app's wallet (the service's Api-App-Id). */
export function createPayoutLink({
  body,
  appId,
}: {
  body: CreatePayoutLinkRequest;
  appId?: string | undefined;
}) {
  return request({ method: 'POST', path: '/v2/payout-links', body, response: payoutLinkSchema, appId });
}

export const payoutBatchSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    created: z.string().nullish(),
    status: z.string(),
    idempotency_key: z.string().nullish(),
    metadata: metadataSchema,
    /** Sandbox extension: how many items are answered, paid and failed. */
    progress: z
      .object({ total: z.number(), done: z.number(), paid: z.number(), failed: z.number() })
      .nullish(),
  }),
);
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;
export type PayoutBatchReadsTheWire = WireAgrees<Disagreements<PayoutBatch, SandboxPayoutBatch>>;

export const batchResultsSchema = z.lazy(() =>
  z.object({
    id: z.string().nullish(),
    status: z.string().nullish(),
    items: z.array(
      z.object({
        user_id: z.string().nullish(),
        idempotency_key: z.string().nullish(),
        transfer: z.object({ id: z.string(), status: z.string().nullish() }).nullish(),
        error_code: z.string().nullish(),
        error_message: z.string().nullish(),
      }),
    ),
  }),
);
export type BatchResults = z.infer<typeof batchResultsSchema>;
export type BatchResultReadsTheWire = WireAgrees<
  Disagreements<BatchResults['items'][number], PayoutBatchResult>
>;

export function createPayoutBatch(
  body: { items: CreatePayoutRequest[]; idempotency_key: string; metadata?: Record<string, string> },
  options: { file?: string | undefined; appId?: string | undefined } = {},
) {
  return request({
    method: 'POST',
    path: '/v2/payout-batches',
    body,
    response: payoutBatchSchema,
    ...options,
  });
}

export function listPayoutBatches(query: { limit?: number; starting_after?: string } = {}) {
  return request({
    method: 'GET',
    path: '/v2/payout-batches',
    query: { ...query },
    response: pageSchema(payoutBatchSchema),
  });
}

export function getPayoutBatch(id: string) {
  return request({
    method: 'GET',
    path: `/v2/payout-batches/${encodeURIComponent(id)}`,
    response: payoutBatchSchema,
  });
}

export function getPayoutBatchResults(id: string) {
  return request({
    method: 'GET',
    path: `/v2/payout-batches/${encodeURIComponent(id)}/results`,
    response: batchResultsSchema,
  });
}

/** A page of a list, by the vendor's cursors. */
export interface PageQuery {
  limit?: number;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}

export const payoutRequestSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    created: z.string().nullish(),
    amount: centsSchema,
    status: z.string(),
    payee: z.object({ country_code: z.string().nullish(), phone_number: z.string().nullish() }).nullish(),
    user: userSchema.nullish(),
    'payout-link': payoutLinkSchema.nullish(),
    metadata: metadataSchema,
    memo: z.string().nullish(),
  }),
);
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;
export type PayoutRequestReadsTheWire = WireAgrees<Disagreements<PayoutRequest, SandboxPayoutRequest>>;

export function listPayoutRequests(query: PageQuery = {}) {
  return request({
    method: 'GET',
    path: '/v2/payout-requests',
    query: { ...query },
    response: pageSchema(payoutRequestSchema),
  });
}

export const payoutQueries = {
  links: (query: PayoutLinkQuery) =>
    queryOptions({ queryKey: ['payout-links', 'list', query], queryFn: () => listPayoutLinks(query) }),
  link: (id: string) => queryOptions({ queryKey: ['payout-links', id], queryFn: () => getPayoutLink(id) }),
  requests: (query: PageQuery) =>
    queryOptions({ queryKey: ['payout-requests', query], queryFn: () => listPayoutRequests(query) }),
};

export function useCreatePayoutLink() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['payout-links', 'create'],
    mutationFn: createPayoutLink,
    activity: ({ body }, link) => ({
      action: 'Payout link created',
      subject: link?.id ?? '',
      details: `${body.amount} cents by ${body.delivery.method}`,
    }),
    onSuccess: (link) => {
      queryClient.setQueryData(payoutQueries.link(link.id).queryKey, link);
      // The wallet that holds its amount holds less now, and the member may move less alone today.
      void queryClient.invalidateQueries({ queryKey: ['apps'] });
      void movedMoney(queryClient);
      return queryClient.invalidateQueries({ queryKey: ['payout-links', 'list'] });
    },
  });
}

const redeliverySchema = z.lazy(() =>
  z.object({
    redelivered: z.boolean().nullish(),
    payout_link: payoutLinkSchema.nullish(),
    /** Sandbox extension: why it was not sent again. */
    reason: z.string().nullish(),
  }),
);

/** Sends a link again ("my link never arrived"); the vendor allows five deliveries. */
export function useRedeliverPayoutLink() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['payout-links', 'redeliver'],
    mutationFn: (id: string) =>
      request({
        method: 'POST',
        path: `/v2/payout-links/${encodeURIComponent(id)}/redeliver`,
        // The vendor's redeliver takes no body: one sent (even `{}`) is refused with 415 by its contract.
        response: redeliverySchema,
      }),
    activity: (id, answer) => ({
      action: answer?.redelivered === false ? 'Payout link not sent again' : 'Payout link sent again',
      subject: id,
      details: '',
    }),
    onSettled: (_answer, _error, id) => queryClient.invalidateQueries({ queryKey: ['payout-links', id] }),
  });
}

/** Cancels a link its payee has not claimed: its amount goes back to the wallet. */
export function useCancelPayoutLink() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationKey: ['payout-links', 'cancel'],
    mutationFn: (id: string) =>
      request({
        method: 'DELETE',
        path: `/v2/payout-links/${encodeURIComponent(id)}`,
        response: payoutLinkSchema.optional(),
      }),
    activity: (id) => ({ action: 'Payout link canceled', subject: id, details: '' }),
    // Its amount went back to its wallet.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['payout-links'] }),
        queryClient.invalidateQueries({ queryKey: ['apps'] }),
      ]),
  });
}
