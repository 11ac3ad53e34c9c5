import { z } from 'zod';
import { notFoundOrUnauthorized } from '../domain/errors';
import { nextStep, transition } from '../domain/lifecycle';
import type { Services } from '../services';
import { findUser } from '../store/tenants';
import {
  findTransfer,
  findTransferAnyTenant,
  pageOfTransferJson,
  transferJson,
  transferJsonAnyTenant,
} from '../store/transfers';
import { jsonText, limitParam, type RouteDef, route, uuidParam } from './define';
import { HttpError } from './http-error';
import { errorResponse, standardErrors } from './response-schemas';
import { transferResponse, transferStatusSchema, transferTypeSchema } from './transfer-schemas';

/** A date-time, or a date (then the start of that day UTC, or its end for `end_date`). */
function dateParam(endOfDay: boolean) {
  return z
    .string()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}(T.+)?$/.test(v) && !Number.isNaN(Date.parse(v)),
      'An ISO 8601 date or date-time',
    )
    .transform((v) => (v.length === 10 && endOfDay ? Date.parse(`${v}T23:59:59.999Z`) : Date.parse(v)));
}

const listQuery = z
  .object({
    user_id: uuidParam('user_id').optional(),
    status: transferStatusSchema.optional(),
    type: transferTypeSchema.optional(),
    start_date: dateParam(false).optional(),
    end_date: dateParam(true).optional(),
    reverse_order: z.enum(['true', 'false'], 'true or false').optional(),
    limit: limitParam,
    starting_after: uuidParam('starting_after').optional(),
    ending_before: uuidParam('ending_before').optional(),
  })
  .refine((q) => !(q.starting_after && q.ending_before), {
    message: 'Give starting_after or ending_before, not both',
    path: ['ending_before'],
  });

const advanceRequest = z.object({ status: transferStatusSchema.optional() }).strict();

export function transferRoutes({ db, now }: Services): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/v2/transfers',
      operationId: 'get-transfers',
      summary: "The caller's transfers, newest first (reverse_order: oldest first), by keyset pages",
      tags: ['transfers'],
      query: listQuery,
      responses: {
        200: {
          description: 'OK',
          schema: z.object({ data: z.array(transferResponse), has_more: z.boolean() }),
        },
        ...standardErrors,
      },
      handle: ({ c, query, tenant }) => {
        const cursorOf = (id: string | undefined) => {
          if (!id) return undefined;
          const row = findTransfer(db, tenant.orgId, id);
          if (!row) throw notFoundOrUnauthorized();
          return { createdMs: row.created_ms, seq: row.seq };
        };
        // Filtering by a user names that user: unknown or another tenant's is the same 403 as anywhere else.
        if (query.user_id && !findUser(db, tenant.orgId, query.user_id)) throw notFoundOrUnauthorized();
        const page = pageOfTransferJson(
          db,
          {
            orgId: tenant.orgId,
            userId: query.user_id,
            status: query.status,
            type: query.type,
            startMs: query.start_date,
            endMs: query.end_date,
          },
          {
            descending: query.reverse_order !== 'true',
            limit: query.limit ?? 10,
            after: cursorOf(query.starting_after),
            before: cursorOf(query.ending_before),
          },
        );
        return jsonText(c, `{"data":[${page.rows.join(',')}],"has_more":${page.more}}`);
      },
    }),
    route({
      method: 'GET',
      path: '/v2/transfers/{transfer_id}',
      operationId: 'get-transfer',
      summary: 'One transfer with its transactions',
      tags: ['transfers'],
      params: z.object({ transfer_id: uuidParam('transfer_id') }),
      responses: { 200: { description: 'OK', schema: transferResponse }, ...standardErrors },
      handle: ({ c, params, tenant }) => {
        const json = transferJson(db, tenant.orgId, params.transfer_id);
        if (json === undefined) throw notFoundOrUnauthorized();
        return jsonText(c, json);
      },
    }),
    route({
      method: 'POST',
      path: '/sandbox/transfers/{transfer_id}/advance',
      operationId: 'sandbox-advance-transfer',
      summary: 'Move a transfer now: {} = its next happy-path step, { status } = that transition if allowed',
      tags: ['sandbox'],
      extension: true,
      public: true,
      params: z.object({ transfer_id: uuidParam('transfer_id') }),
      body: advanceRequest,
      bodyOptional: true,
      responses: {
        200: { description: 'The transfer after the step', schema: transferResponse },
        404: { description: 'No such transfer', schema: errorResponse },
        409: { description: 'transition-not-allowed: nothing changed', schema: errorResponse },
      },
      handle: ({ c, params, body }) => {
        const row = findTransferAnyTenant(db, params.transfer_id);
        if (!row) throw new HttpError(404, 'transfer-not-found', 'No transfer has this id');
        const to = body.status ?? nextStep(row);
        if (!to)
          throw new HttpError(409, 'transition-not-allowed', `A ${row.status} transfer has no next step`);
        transition(db, row, to, now());
        // Found above, in this same synchronous turn: it is still there.
        return jsonText(c, transferJsonAnyTenant(db, row.id) as string);
      },
    }),
  ];
}
