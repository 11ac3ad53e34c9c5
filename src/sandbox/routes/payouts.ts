import { z } from 'zod';
import { type FieldError, fieldErrorsFrom } from '../../lib/field-errors';
import { LINK_STATUSES } from '../../lib/payout-link-states';
import { batchItemSchema, payoutBatchRequestSchema } from '../../lib/requests/payout-batches';
import { payoutLinkRequestSchema } from '../../lib/requests/payout-links';
import { payoutRequestCreateSchema } from '../../lib/requests/payout-requests';
import { type PayoutRequest, payoutRequestSchema, sendPayoutSchema } from '../../lib/requests/payouts';
import {
  type CheckedPayoutBatch,
  listPayoutBatches,
  payoutBatchOf,
  payoutBatchResults,
} from '../domain/payout-batches';
import {
  cancelPayoutLink,
  createPayoutLink,
  listPayoutLinks,
  payoutLinkOf,
  redeliverPayoutLink,
  sendPayout,
} from '../domain/payout-links';
import { createPayoutRequest, listPayoutRequests, payoutRequestOf } from '../domain/payout-requests';
import { createPayout } from '../domain/payouts';
import type { Services } from '../services';
import { cursorFields, jsonText, oneCursor, type RouteDef, route, uuidParam } from './define';
import { HttpError } from './http-error';
import { errorResponse, listResponse, standardErrors } from './response-schemas';
import { transferResponse } from './transfer-schemas';

const pageQuery = oneCursor(z.object(cursorFields));

const linkResponse = z
  .looseObject({ id: z.uuid(), status: z.string(), amount: z.int() })
  .meta({ title: 'payout-link' });
const batchResponse = z
  .looseObject({ id: z.uuid(), created: z.string(), status: z.string() })
  .meta({ title: 'payout-batch-response' });
const payoutRequestResponse = z
  .looseObject({ id: z.uuid(), status: z.string(), amount: z.int() })
  .meta({ title: 'payout-request' });

/** Every item checked by the item schema; one 400 names every field at fault, by its item. */
function validateBatch(raw: unknown): CheckedPayoutBatch {
  const parsed = payoutBatchRequestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new HttpError(
      400,
      'validation-failed',
      'The batch is invalid: see errors',
      fieldErrorsFrom(parsed.error.issues),
    );
  }
  const errors: FieldError[] = [];
  const parsedItems: PayoutRequest[] = [];
  parsed.data.items.forEach((item, index) => {
    const result = batchItemSchema.safeParse(item);
    if (result.success) parsedItems.push(result.data);
    else errors.push(...fieldErrorsFrom(result.error.issues, ['items', String(index)]));
  });
  const keys = new Set<string>();
  parsedItems.forEach((item, index) => {
    if (item.idempotency_key && keys.has(item.idempotency_key)) {
      errors.push({
        path: `items.${index}.idempotency_key`,
        message: 'Two items have this key: each payout has its own',
      });
    }
    if (item.idempotency_key) keys.add(item.idempotency_key);
  });
  if (errors.length > 0)
    throw new HttpError(400, 'validation-failed', 'Some items are invalid: see errors', errors);
  return { ...parsed.data, parsedItems };
}

/** Money out: payouts to a user's method, payout links, payout batches and payout requests (the vendor's routes). */
export function payoutRoutes({ payoutBatches }: Services): RouteDef[] {
  return [
    route({
      method: 'POST',
      path: '/v2/payouts',
      operationId: 'create-payout',
      summary:
        "Pay a user out to a saved method; with fund, from the app's wallet. A used idempotency key is refused",
      tags: ['payouts'],
      body: payoutRequestSchema,
      responses: {
        201: { description: 'The payout, a transfer of type payout', schema: transferResponse },
        ...standardErrors,
        409: { description: 'idempotency-key-used, or user-disabled', schema: errorResponse },
      },
      handle: ({ c, body, caller }) => jsonText(c, createPayout(caller, body), 201),
    }),
    route({
      method: 'POST',
      path: '/v2/payouts/send-payout',
      operationId: 'send-payout',
      summary:
        'Pay a person by user id or phone: a user with a default method is paid at once (the link says claimed); anyone else is sent a payout link',
      tags: ['payouts'],
      body: sendPayoutSchema,
      responses: { 201: { description: 'The payout link', schema: linkResponse }, ...standardErrors },
      handle: ({ c, body, caller }) => {
        const { link, replayed } = sendPayout(caller, body);
        if (replayed) c.header('Idempotent-Replayed', 'true');
        return c.json(link, 201);
      },
    }),
    route({
      method: 'GET',
      path: '/v2/payout-links',
      operationId: 'get-payout-links',
      summary: 'Payout links, newest first, by keyset pages (status: an extension filter)',
      tags: ['payout-links'],
      query: pageQuery.and(
        z.object({
          status: z
            .enum(LINK_STATUSES, `One of ${LINK_STATUSES.join(', ')}`)
            .optional()
            .meta({ 'x-extension': true }),
        }),
      ),
      responses: { 200: { description: 'OK', schema: listResponse(linkResponse) }, ...standardErrors },
      handle: ({ c, query, caller }) => c.json(listPayoutLinks(caller, query)),
    }),
    route({
      method: 'POST',
      path: '/v2/payout-links',
      operationId: 'create-payout-link',
      summary:
        "A payout link, delivered by email, SMS or to copy; it holds its money from the app's wallet until claimed",
      tags: ['payout-links'],
      body: payoutLinkRequestSchema,
      responses: {
        201: { description: 'Created (or the link of the same idempotency key)', schema: linkResponse },
        ...standardErrors,
      },
      handle: ({ c, body, caller }) => {
        const { link, replayed } = createPayoutLink(caller, body);
        if (replayed) c.header('Idempotent-Replayed', 'true');
        return c.json(link, 201);
      },
    }),
    route({
      method: 'GET',
      path: '/v2/payout-links/{payout_link_id}',
      operationId: 'get-payout-link',
      summary: 'A payout link, with its history (an extension)',
      tags: ['payout-links'],
      params: z.object({ payout_link_id: uuidParam('payout_link_id') }),
      responses: { 200: { description: 'OK', schema: linkResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(payoutLinkOf(caller, params.payout_link_id)),
    }),
    route({
      method: 'DELETE',
      path: '/v2/payout-links/{payout_link_id}',
      operationId: 'delete-payout-link',
      summary: "Cancel a payout link that is not claimed: its money goes back to the app's wallet",
      tags: ['payout-links'],
      params: z.object({ payout_link_id: uuidParam('payout_link_id') }),
      responses: {
        200: { description: 'The canceled link', schema: linkResponse },
        ...standardErrors,
        409: { description: 'link-not-cancelable', schema: errorResponse },
      },
      handle: ({ c, params, caller }) => c.json(cancelPayoutLink(caller, params.payout_link_id)),
    }),
    route({
      method: 'POST',
      path: '/v2/payout-links/{payout_link_id}/redeliver',
      operationId: 'redeliver-payout-link',
      summary: 'Deliver a link again (at most 5 deliveries); an expired one opens again',
      tags: ['payout-links'],
      params: z.object({ payout_link_id: uuidParam('payout_link_id') }),
      body: z.object({}).strict(),
      bodyOptional: true,
      responses: {
        200: {
          description: '`redelivered` says whether it went; `reason` (an extension) why not',
          schema: z.object({
            payout_link: linkResponse,
            redelivered: z.boolean(),
            reason: z.string().optional().meta({ 'x-extension': true }),
          }),
        },
        ...standardErrors,
      },
      handle: ({ c, params, caller }) => c.json(redeliverPayoutLink(caller, params.payout_link_id)),
    }),
    route({
      method: 'POST',
      path: '/v2/payout-batches',
      operationId: 'create-payout-batch',
      summary:
        'Up to 5,000 payouts, each with its own idempotency key and fund: true, paid in the background',
      tags: ['payout-batches'],
      body: payoutBatchRequestSchema,
      validateBody: validateBatch,
      responses: {
        200: { description: 'Taken: GET it for progress, its results for each item', schema: batchResponse },
        ...standardErrors,
        409: { description: 'idempotency-key-used: the batch key was used before', schema: errorResponse },
      },
      handle: ({ c, body, caller }) => c.json(payoutBatches.take(caller, body as CheckedPayoutBatch)),
    }),
    route({
      method: 'GET',
      path: '/v2/payout-batches',
      operationId: 'get-payout-batches',
      summary: 'Payout batches, newest first, by keyset pages',
      tags: ['payout-batches'],
      query: pageQuery,
      responses: { 200: { description: 'OK', schema: listResponse(batchResponse) }, ...standardErrors },
      handle: ({ c, query, caller }) => c.json(listPayoutBatches(caller, query)),
    }),
    route({
      method: 'GET',
      path: '/v2/payout-batches/{payout_batch_id}',
      operationId: 'get-payout-batch',
      summary: 'A payout batch and how far it is (progress: an extension)',
      tags: ['payout-batches'],
      params: z.object({ payout_batch_id: uuidParam('payout_batch_id') }),
      responses: { 200: { description: 'OK', schema: batchResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(payoutBatchOf(caller, params.payout_batch_id)),
    }),
    route({
      method: 'GET',
      path: '/v2/payout-batches/{payout_batch_id}/results',
      operationId: 'get-payout-batch-results',
      summary: "A payout batch with each item's transfer or error",
      tags: ['payout-batches'],
      params: z.object({ payout_batch_id: uuidParam('payout_batch_id') }),
      query: z.object({ include_request: z.enum(['true', 'false'], 'true or false').optional() }),
      responses: { 200: { description: 'OK', schema: batchResponse }, ...standardErrors },
      handle: ({ c, params, query, caller }) =>
        c.json(payoutBatchResults(caller, params.payout_batch_id, query.include_request === 'true')),
    }),
    route({
      method: 'POST',
      path: '/v2/payout-requests',
      operationId: 'create-payouts-request',
      summary: 'A person asks to be paid (by user id or phone); approved, they are sent a payout link',
      tags: ['payout-requests'],
      body: payoutRequestCreateSchema,
      responses: { 201: { description: 'Created', schema: payoutRequestResponse }, ...standardErrors },
      handle: ({ c, body, caller }) => c.json(createPayoutRequest(caller, body), 201),
    }),
    route({
      method: 'GET',
      path: '/v2/payout-requests',
      operationId: 'get-payout-requests',
      summary: 'Payout requests, newest first, by keyset pages (status: an extension filter)',
      tags: ['payout-requests'],
      query: pageQuery.and(
        z.object({
          status: z.enum(['created', 'approved', 'rejected']).optional().meta({ 'x-extension': true }),
        }),
      ),
      responses: {
        200: { description: 'OK', schema: listResponse(payoutRequestResponse) },
        ...standardErrors,
      },
      handle: ({ c, query, caller }) => c.json(listPayoutRequests(caller, query)),
    }),
    route({
      method: 'GET',
      path: '/v2/payout-requests/{payout_request_id}',
      operationId: 'get-payout-request',
      summary: 'A payout request',
      tags: ['payout-requests'],
      params: z.object({ payout_request_id: uuidParam('payout_request_id') }),
      responses: { 200: { description: 'OK', schema: payoutRequestResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(payoutRequestOf(caller, params.payout_request_id)),
    }),
  ];
}
