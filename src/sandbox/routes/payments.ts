import { fieldErrorsFrom } from '../../lib/field-errors';
import {
  type PaymentRequest,
  paymentCrossFieldProblems,
  paymentRequestSchema,
} from '../../lib/requests/payments';
import { createPayment } from '../domain/payments';
import type { Services } from '../services';
import { jsonText, type RouteDef, route } from './define';
import { HttpError } from './http-error';
import { errorResponse, standardErrors } from './response-schemas';
import { transferResponse } from './transfer-schemas';

/** The body field by field, and the rules across its fields: every problem of both in one 400. */
function validatePayment(raw: unknown): PaymentRequest {
  const parsed = paymentRequestSchema.safeParse(raw);
  const problems = [
    ...(parsed.success ? [] : fieldErrorsFrom(parsed.error.issues)),
    ...paymentCrossFieldProblems(raw),
  ];
  if (problems.length > 0 || !parsed.success) {
    throw new HttpError(400, 'validation-failed', 'The payment is invalid: see errors', problems);
  }
  return parsed.data;
}

export function paymentRoutes(services: Services): RouteDef[] {
  const { config, writes } = services;
  return [
    route({
      method: 'POST',
      path: '/v2/payments',
      operationId: 'create-payment',
      summary: 'Debit a user or a payment customer by ACH into the app; answers the transfer',
      tags: ['payments'],
      body: paymentRequestSchema,
      validateBody: validatePayment,
      responses: {
        201: {
          description:
            'Created, or the first transfer again for a replayed idempotency key (then with the extension header ' +
            '`Idempotent-Replayed: true`, as Stripe sends it)',
          schema: transferResponse,
        },
        ...standardErrors,
        409: {
          description: 'idempotency-key-reused: the key was used with a different body',
          schema: errorResponse,
        },
      },
      handle: async ({ c, body, caller }) => {
        const context = { ...caller, idempotencyTtlMs: config.idempotencyTtlMs, writes };
        const { json, replayed } = await createPayment(context, body);
        // Answered once committed: createPayment settles after the commit.
        if (replayed) c.header('Idempotent-Replayed', 'true');
        return jsonText(c, json, 201);
      },
    }),
  ];
}
