import { z } from 'zod';
import { advanceTransfer, listTransfers, transferOf } from '../domain/transfers';
import { cursorFields, jsonText, oneCursor, type RouteDef, route, uuidParam } from './define';
import { errorResponse, standardErrors } from './response-schemas';
import { transferResponse, transferStatusSchema, transferTypeSchema } from './transfer-schemas';

/** A date-time, or a date (then the start of that day UTC, or its end for `end_date`). */
export function dateParam(endOfDay: boolean) {
  return z
    .string()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}(T.+)?$/.test(v) && !Number.isNaN(Date.parse(v)),
      'An ISO 8601 date or date-time',
    )
    .transform((v) => (v.length === 10 && endOfDay ? Date.parse(`${v}T23:59:59.999Z`) : Date.parse(v)));
}

const listQuery = oneCursor(
  z.object({
    user_id: uuidParam('user_id').optional(),
    status: transferStatusSchema.optional(),
    type: transferTypeSchema.optional(),
    start_date: dateParam(false).optional(),
    end_date: dateParam(true).optional(),
    reverse_order: z.enum(['true', 'false'], 'true or false').optional(),
    ...cursorFields,
  }),
);

const advanceRequest = z.object({ status: transferStatusSchema.optional() }).strict();

export function transferRoutes(): RouteDef[] {
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
      handle: ({ c, query, caller }) => jsonText(c, listTransfers(caller, query)),
    }),
    route({
      method: 'GET',
      path: '/v2/transfers/{transfer_id}',
      operationId: 'get-transfer',
      summary: 'One transfer with its transactions',
      tags: ['transfers'],
      params: z.object({ transfer_id: uuidParam('transfer_id') }),
      responses: { 200: { description: 'OK', schema: transferResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => jsonText(c, transferOf(caller, params.transfer_id)),
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
      handle: ({ c, params, body, caller }) =>
        jsonText(c, advanceTransfer(caller, params.transfer_id, body.status)),
    }),
  ];
}
