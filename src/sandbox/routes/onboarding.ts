import type { Context } from 'hono';
import { z } from 'zod';
import {
  businessComplianceSchema,
  copyComplianceBetweenAppsSchema,
  createAppSchema,
  createFlowSchema,
  createPaymentCustomerSchema,
} from '../../lib/requests/onboarding';
import {
  createUserSchema,
  sendVerificationSchema,
  submitComplianceSchema,
  updateUserSchema,
  verifyUserSchema,
} from '../../lib/requests/users';
import { DEFAULT_VERIFICATION_LOCK_MS } from '../config';
import { createFlow, flowOf, flowsOf } from '../domain/flows';
import {
  copyComplianceBetweenApps,
  createApp,
  createKybFlow,
  createPaymentCustomer,
  putAppCompliance,
} from '../domain/onboarding-apps';
import {
  createUser,
  currentVerificationCode,
  deleteUser,
  sendVerificationCode,
  submitCompliance,
  updateUser,
  verifyUserByCode,
} from '../domain/onboarding-users';
import type { Services } from '../services';
import { cursorFields, oneCursor, type RouteDef, route, uuidParam } from './define';
import {
  appResponse,
  customerResponse,
  errorResponse,
  standardErrors,
  successMessageResponse,
  userSummaryResponse,
} from './response-schemas';

/*
 * Onboarding: users (create, update, delete, verification, tax forms), hosted flows, payment customers, apps and
 * their compliance, and the copy of compliance between apps. docs/sandbox.md, "Onboarding", has each choice where
 * the vendor's document is silent. The flows' hosted pages are in flow-pages.ts.
 */

const userParams = z.object({ user_id: uuidParam('user_id') });
const appParams = z.object({ app_id: uuidParam('app_id') });

/** Where a flow's hosted pages are: the origin the caller reached the service at (the console's, in sandbox mode). */
const originOf = (c: Context) => new URL(c.req.url).origin;

const flowResponse = z
  .object({
    id: z.uuid(),
    created: z.iso.datetime(),
    user_id: z.uuid().nullable(),
    steps: z.array(z.string()),
    completed_steps: z.array(z.string()),
    link: z.url(),
    metadata: z.unknown(),
    expires_at: z.iso.datetime().nullable().meta({ 'x-extension': true }),
    status: z.enum(['open', 'completed', 'expired']).meta({ 'x-extension': true }),
  })
  .meta({ title: 'flow' });

const complianceRecordResponse = z
  .object({
    company_info: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The EIN by its last four: ein_last4' }),
    contact_info: z.record(z.string(), z.unknown()),
    directors: z.array(z.record(z.string(), z.unknown())),
    flow_of_funds: z.record(z.string(), z.unknown()),
  })
  .meta({ title: 'business-compliance-info' });

export function onboardingRoutes({ config }: Services): RouteDef[] {
  const lockMs = config.verificationLockMs ?? DEFAULT_VERIFICATION_LOCK_MS;
  return [
    route({
      method: 'POST',
      path: '/v2/users',
      operationId: 'create-user',
      summary: 'Create a user; an email or phone another user of the organization has is refused (409)',
      tags: ['users'],
      body: createUserSchema,
      responses: {
        201: { description: 'Created', schema: userSummaryResponse },
        ...standardErrors,
        409: { description: 'The email or the phone number is taken', schema: errorResponse },
      },
      handle: ({ c, body, caller }) => c.json(createUser(caller, body), 201),
    }),
    route({
      method: 'PATCH',
      path: '/v2/users/{user_id}',
      operationId: 'update-user',
      summary:
        'Update a user: default payout method (one they have), auto payout, date of birth, 1099 adjustment, metadata',
      tags: ['users'],
      params: userParams,
      body: updateUserSchema,
      responses: { 200: { description: 'OK', schema: userSummaryResponse }, ...standardErrors },
      handle: ({ c, params, body, caller }) => c.json(updateUser(caller, params.user_id, body)),
    }),
    route({
      method: 'DELETE',
      path: '/v2/users/{user_id}',
      operationId: 'delete-user',
      summary:
        'Delete a user; refused (409) while a transfer to them is on its way or their wallet holds money',
      tags: ['users'],
      params: userParams,
      responses: {
        200: { description: 'The user as it was', schema: userSummaryResponse },
        ...standardErrors,
        409: { description: 'Pending transfers or a positive wallet', schema: errorResponse },
      },
      handle: ({ c, params, caller }) => c.json(deleteUser(caller, params.user_id)),
    }),
    route({
      method: 'PUT',
      path: '/v2/users/{user_id}/compliance',
      operationId: 'submit-compliance',
      summary: 'Submit a W-9 or a W-8BEN; the TIN is checked for shape and kept by its last four digits only',
      tags: ['users'],
      params: userParams,
      body: submitComplianceSchema,
      responses: { 200: { description: 'OK (no TIN is ever answered)' }, ...standardErrors },
      handle: ({ c, params, body, caller }) => c.json(submitCompliance(caller, params.user_id, body)),
    }),
    route({
      method: 'POST',
      path: '/v2/users/{user_id}/send-verification-token',
      operationId: 'send-verification-token',
      summary:
        'Send the user a 6-digit code by SMS (or voice); the sandbox shows it at GET /sandbox/users/{id}/verification-code',
      tags: ['users'],
      params: userParams,
      body: sendVerificationSchema,
      bodyOptional: true,
      responses: {
        202: { description: 'Accepted' },
        ...standardErrors,
        429: { description: 'Verification is locked after five wrong codes', schema: errorResponse },
      },
      handle: ({ c, params, caller }) => {
        sendVerificationCode(caller, params.user_id, lockMs);
        return c.body(null, 202);
      },
    }),
    route({
      method: 'POST',
      path: '/v2/users/{user_id}/verify',
      operationId: 'verify',
      summary: 'Verify a user by the code sent; five wrong codes lock verification for 15 minutes (429)',
      tags: ['users'],
      params: userParams,
      body: verifyUserSchema,
      responses: {
        200: { description: 'OK: the user is verified' },
        ...standardErrors,
        400: { description: 'Incorrect token', schema: errorResponse },
        429: { description: 'Locked', schema: errorResponse },
      },
      handle: ({ c, params, body, caller }) =>
        c.json(verifyUserByCode(caller, params.user_id, body.token, lockMs)),
    }),
    route({
      method: 'GET',
      path: '/v2/flows',
      operationId: 'get-flows',
      summary: "Flows, newest first (`user_id`: one user's, an extension)",
      tags: ['flows'],
      query: oneCursor(z.object({ user_id: uuidParam('user_id').optional(), ...cursorFields }).strict()),
      responses: {
        200: { description: 'OK', schema: z.object({ data: z.array(flowResponse), has_more: z.boolean() }) },
        ...standardErrors,
      },
      handle: ({ c, query, caller }) => c.json(flowsOf(caller, query, originOf(c))),
    }),
    route({
      method: 'POST',
      path: '/v2/flows',
      operationId: 'create-flow',
      summary:
        'Create a hosted flow (for a user: 15 minutes; for a new payee: 72 hours); its link is served at /flow/{token}',
      tags: ['flows'],
      body: createFlowSchema,
      responses: { 200: { description: 'OK', schema: flowResponse }, ...standardErrors },
      handle: ({ c, body, caller }) => c.json(createFlow(caller, body, originOf(c))),
    }),
    route({
      method: 'GET',
      path: '/v2/flows/{flow_id}',
      operationId: 'get-flow',
      summary: 'A flow, with its completed steps',
      tags: ['flows'],
      params: z.object({ flow_id: uuidParam('flow_id') }),
      responses: { 200: { description: 'OK', schema: flowResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(flowOf(caller, params.flow_id, originOf(c))),
    }),
    route({
      method: 'POST',
      path: '/v2/payment-customers',
      operationId: 'create-payment-customers',
      summary: 'Create a payment customer: a person (first and last name) or a business (its name)',
      tags: ['payment-customers'],
      body: createPaymentCustomerSchema,
      responses: { 200: { description: 'OK', schema: customerResponse }, ...standardErrors },
      handle: ({ c, body, caller }) => c.json(createPaymentCustomer(caller, body)),
    }),
    route({
      method: 'POST',
      path: '/v2/apps',
      operationId: 'create-app',
      summary: 'Create an app (status `created` until its compliance is on file)',
      tags: ['apps'],
      body: createAppSchema,
      responses: { 201: { description: 'Created', schema: appResponse }, ...standardErrors },
      handle: ({ c, body, caller }) => c.json(createApp(caller, body), 201),
    }),
    route({
      method: 'PUT',
      path: '/v2/apps/{app_id}/compliance',
      operationId: 'put-app-compliance',
      summary:
        "Add or replace an app's compliance record; the EIN is kept and answered by its last four only",
      tags: ['apps'],
      params: appParams,
      body: businessComplianceSchema,
      responses: { 200: { description: 'OK', schema: complianceRecordResponse }, ...standardErrors },
      handle: ({ c, params, body, caller }) => c.json(putAppCompliance(caller, params.app_id, body)),
    }),
    route({
      method: 'POST',
      path: '/v2/apps/{app_id}/kyb-flow',
      operationId: 'post-app-kyb-flow',
      summary: "A hosted KYB link for the app's owner (72 hours; a new one replaces the last)",
      tags: ['apps'],
      params: appParams,
      responses: {
        201: {
          description: 'KYB flow created',
          schema: z.object({ url: z.url(), expires_at: z.iso.datetime(), status: z.literal('pending') }),
        },
        ...standardErrors,
        409: { description: 'The app is verified already', schema: errorResponse },
      },
      handle: ({ c, params, caller }) => c.json(createKybFlow(caller, params.app_id), 201),
    }),
    route({
      method: 'PUT',
      path: '/v2/organizations/copy-compliance-information-between-apps',
      operationId: 'copy-compliance-information-between-apps',
      summary: "Copy one app's compliance record onto another of the organization's (overwrites)",
      tags: ['organizations'],
      body: copyComplianceBetweenAppsSchema,
      responses: {
        200: { description: 'Copied', schema: successMessageResponse },
        400: { description: 'Invalid request, or the source has no record', schema: errorResponse },
        401: standardErrors[401],
        403: standardErrors[403],
      },
      handle: ({ c, body, caller }) => c.json(copyComplianceBetweenApps(caller, body)),
    }),
    route({
      method: 'GET',
      path: '/sandbox/users/{user_id}/verification-code',
      operationId: 'sandbox-verification-code',
      summary: 'The code last sent to a user, as their phone would show it (never an answer of /v2)',
      tags: ['sandbox'],
      extension: true,
      public: true,
      params: userParams,
      responses: {
        200: { description: 'The code', schema: z.object({ user_id: z.uuid(), code: z.string() }) },
        404: { description: 'No such user, or no code waiting', schema: errorResponse },
      },
      handle: ({ c, params, caller }) => c.json(currentVerificationCode(caller, params.user_id)),
    }),
  ];
}
