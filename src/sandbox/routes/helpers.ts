import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { z } from 'zod';
import { addPayoutMethodSchema } from '../../lib/requests/payout-methods';
import { armFault } from '../domain/faults';
import { claimPayoutLink, expirePayoutLink } from '../domain/payout-links';
import { decideRequest } from '../domain/payout-requests';
import { createTestTenant } from '../domain/tenant-factory';
import { refillAppWallet } from '../domain/treasury';
import { changeUserStatus } from '../domain/users';
import type { Services } from '../services';
import { type RouteDef, route, uuidParam } from './define';
import { errorResponse } from './response-schemas';

const tenantRequest = z
  .object({
    compliance: z
      .boolean()
      .optional()
      .meta({ description: 'false: the organization has no compliance record to copy' }),
    onboarding: z
      .boolean()
      .optional()
      .meta({ description: 'true: users in each verification and tax-form state, and flows in progress' }),
    users: z
      .int()
      .min(0)
      .max(100_000)
      .optional()
      .meta({ description: 'This many more users, as the demo has them (names, phones, stored accounts)' }),
    transfers: z
      .int()
      .min(0)
      .max(100_000)
      .optional()
      .meta({ description: 'This many transfers of the last 60 days, in every state, from those users' }),
  })
  .strict();

const faultRequest = z
  .object({
    client_id: z.string().min(1).max(200),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
    path_prefix: z.string().startsWith('/', 'path_prefix starts with /').max(500).optional(),
    times: z.int().min(1).max(1000).default(1),
    status: z.int().min(400).max(599).optional(),
    message: z.string().max(2000).optional(),
    delay_ms: z.int().min(0).max(120_000).optional(),
    drop: z.enum(['before', 'after-commit']).optional(),
    retry_after: z
      .int()
      .min(0)
      .max(3600)
      .optional()
      .meta({ description: 'Seconds, sent as Retry-After with a 429' }),
    delivery: z.enum(['drop', 'duplicate', 'reorder', 'delay']).optional().meta({
      description:
        "A fault of the tenant's next event deliveries, not of its requests: lost, sent twice, sent after the object's next event, or held delay_ms",
    }),
    payout: z.enum(['fail']).optional().meta({
      description:
        'The matching request is answered as usual, but the payouts it makes fail later (pending, then failed), as a payee refusing them would',
    }),
  })
  .strict()
  .refine(
    (f) =>
      f.status !== undefined ||
      f.delay_ms !== undefined ||
      f.drop !== undefined ||
      f.delivery !== undefined ||
      f.payout !== undefined,
    {
      message: 'Give at least one of status, delay_ms, drop, delivery or payout',
      path: ['status'],
    },
  )
  .refine((f) => !(f.status !== undefined && f.drop !== undefined), {
    message: 'A fault either answers with a status or drops the connection, not both',
    path: ['drop'],
  })
  .refine((f) => !(f.delivery !== undefined && (f.status !== undefined || f.drop !== undefined)), {
    message: 'A delivery fault neither answers with a status nor drops a connection',
    path: ['delivery'],
  })
  .refine(
    (f) => !(f.payout !== undefined && (f.status !== undefined || f.drop !== undefined || f.delivery)),
    {
      message: 'A payout fault lets its request be answered, and is not a fault of deliveries',
      path: ['payout'],
    },
  );

/** V8's own full collection, reached without a command-line flag (made on first use). */
let gc: (() => void) | undefined;
function fullGc(): () => void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  return gc;
}

/** Test helpers, sandbox mode only, no credentials: they exist so that every test makes its own world. */
export function helperRoutes({ faults }: Services): RouteDef[] {
  return [
    route({
      method: 'POST',
      path: '/sandbox/tenants',
      operationId: 'sandbox-create-tenant',
      summary: 'A fresh organization with apps, users, stored accounts and a customer, and its credentials',
      tags: ['sandbox'],
      extension: true,
      public: true,
      body: tenantRequest,
      bodyOptional: true,
      responses: { 201: { description: 'Created' }, 400: { description: 'Invalid', schema: errorResponse } },
      handle: ({ c, body, caller }) => c.json(createTestTenant(caller, body), 201),
    }),
    route({
      method: 'POST',
      path: '/sandbox/faults',
      operationId: 'sandbox-arm-fault',
      summary: "Make the tenant's next matching request(s) fail, wait or lose their connection",
      tags: ['sandbox'],
      extension: true,
      public: true,
      body: faultRequest,
      responses: { 201: { description: 'Armed' }, 400: { description: 'Invalid', schema: errorResponse } },
      handle: ({ c, body, caller }) => c.json(armFault(caller, faults, body), 201),
    }),
    route({
      method: 'POST',
      path: '/sandbox/users/{user_id}/status',
      operationId: 'sandbox-set-user-status',
      summary: "Set a user's status, as the service's review would (to test how a disabled payer is shown)",
      tags: ['sandbox'],
      extension: true,
      public: true,
      params: z.object({ user_id: uuidParam('user_id') }),
      body: z.object({ status: z.enum(['verified', 'unverified', 'in_review', 'disabled']) }).strict(),
      responses: { 200: { description: 'Set' }, 404: { description: 'No such user', schema: errorResponse } },
      handle: ({ c, params, body, caller }) => c.json(changeUserStatus(caller, params.user_id, body.status)),
    }),
    route({
      method: 'POST',
      path: '/sandbox/apps/{app_id}/refill',
      operationId: 'sandbox-refill-app-wallet',
      summary:
        "For tests only: money into an app's wallet at once, as a completed deposit (the service's money comes by POST /v2/apps/{app_id}/deposit)",
      tags: ['sandbox'],
      extension: true,
      public: true,
      params: z.object({ app_id: uuidParam('app_id') }),
      body: z.object({ amount: z.int().min(1).max(100_000_000_000) }).strict(),
      responses: {
        200: { description: "The app's wallet now, in cents" },
        404: { description: 'No such app', schema: errorResponse },
      },
      handle: ({ c, params, body, caller }) => c.json(refillAppWallet(caller, params.app_id, body.amount)),
    }),
    route({
      method: 'POST',
      path: '/sandbox/payout-links/claim/{token}',
      operationId: 'sandbox-claim-payout-link',
      summary:
        "Claim a payout link as its payee would, by the token of its URL (the last segment of `link`, never the link's id): pick a method (the body of PUT payout-methods); the link pays it",
      tags: ['sandbox'],
      extension: true,
      public: true,
      params: z.object({ token: z.string().max(100) }),
      // What the payee chooses when they open the link: a method of any rail.
      body: addPayoutMethodSchema,
      responses: {
        200: { description: 'The claimed link, with its transfer' },
        404: { description: 'No link has this token', schema: errorResponse },
        409: { description: 'Not open', schema: errorResponse },
      },
      handle: ({ c, params, body, caller }) => c.json(claimPayoutLink(caller, params.token, body)),
    }),
    route({
      method: 'POST',
      path: '/sandbox/payout-links/{payout_link_id}/expire',
      operationId: 'sandbox-expire-payout-link',
      summary: "Let a payout link's time run out now: its money goes back to the app's wallet",
      tags: ['sandbox'],
      extension: true,
      public: true,
      params: z.object({ payout_link_id: uuidParam('payout_link_id') }),
      body: z.object({}).strict(),
      bodyOptional: true,
      responses: {
        200: { description: 'The expired link' },
        409: { description: 'Not open', schema: errorResponse },
      },
      handle: ({ c, params, caller }) => c.json(expirePayoutLink(caller, params.payout_link_id)),
    }),
    route({
      method: 'POST',
      path: '/sandbox/payout-requests/{payout_request_id}/decide',
      operationId: 'sandbox-decide-payout-request',
      summary:
        "Approve (a payout link goes to the payee) or reject a payout request, in the vendor dashboard's place",
      tags: ['sandbox'],
      extension: true,
      public: true,
      params: z.object({ payout_request_id: uuidParam('payout_request_id') }),
      body: z.object({ status: z.enum(['approved', 'rejected']) }).strict(),
      responses: {
        200: { description: 'The decided request' },
        409: { description: 'Decided already', schema: errorResponse },
      },
      handle: ({ c, params, body, caller }) =>
        c.json(decideRequest(caller, params.payout_request_id, body.status)),
    }),
    route({
      method: 'GET',
      path: '/sandbox/memory',
      operationId: 'sandbox-memory',
      summary:
        "The server process's memory in bytes (rss, heap total and used, external), for benchmarks; collect=true " +
        'runs a full garbage collection first, so that heapUsed is the live heap',
      tags: ['sandbox'],
      extension: true,
      public: true,
      query: z.object({ collect: z.enum(['true', 'false'], 'true or false').optional() }).strict(),
      responses: { 200: { description: 'process.memoryUsage()' } },
      handle: ({ c, query }) => {
        if (query.collect === 'true') fullGc()();
        const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
        return c.json({ rss, heapTotal, heapUsed, external });
      },
    }),
    route({
      method: 'DELETE',
      path: '/sandbox/faults/{client_id}',
      operationId: 'sandbox-disarm-faults',
      summary: 'Remove every fault still armed for the tenant',
      tags: ['sandbox'],
      extension: true,
      public: true,
      params: z.object({ client_id: z.string().min(1).max(200) }),
      responses: { 200: { description: 'How many were removed' } },
      handle: ({ c, params }) => c.json({ removed: faults.disarm(params.client_id) }),
    }),
  ];
}
