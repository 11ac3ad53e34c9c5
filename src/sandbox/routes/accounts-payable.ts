import { z } from 'zod';
import { AP_ROLES, PAYABLE_STATUSES, type PayableStatus } from '../../lib/ap-states';
import {
  createPayableSchema,
  createPolicySchema,
  createVendorMethodSchema,
  createVendorSchema,
  payableActionSchema,
  payableFileSchema,
  payPayableSchema,
  policyPrioritySchema,
  rejectPayableSchema,
  updatePayableSchema,
} from '../../lib/requests/accounts-payable';
import { createPayableFromFile } from '../domain/ap-invoice';
import { payPayable } from '../domain/ap-pay';
import {
  approvePayable,
  attachPayableFile,
  cancelPayable,
  createPayable,
  listPayables,
  payableFileOf,
  payableOf,
  rejectPayable,
  submitPayable,
  updatePayableFields,
} from '../domain/ap-payables';
import { changePolicyPriority, createPolicy, deletePolicy, listPolicies } from '../domain/ap-policies';
import { seedAccountsPayable } from '../domain/ap-tenant-data';
import { listApprovers } from '../domain/ap-users';
import {
  createVendor,
  createVendorMethod,
  deleteVendor,
  deleteVendorMethod,
  listVendorMethods,
  listVendors,
  vendorMethodOf,
  vendorOf,
} from '../domain/ap-vendors';
import { cursorFields, oneCursor, type RouteDef, route, uuidParam } from './define';
import { validationError } from './http-error';
import { errorResponse, listResponse, standardErrors } from './response-schemas';

/** Accounts payable (the vendor's `/v2/accounts-payable`): vendors, their methods, bills, policies, approvers. */

const TAGS = ['accounts-payable'];
const vendorResponse = z.looseObject({ id: z.uuid(), name: z.string() }).meta({ title: 'vendor' });
const methodResponse = z
  .looseObject({ id: z.uuid(), name: z.string(), mask: z.string() })
  .meta({ title: 'vendor-payment-method' });
const payableResponse = z
  .looseObject({ id: z.uuid(), number: z.string(), status: z.enum(PAYABLE_STATUSES), amount: z.int() })
  .meta({ title: 'payable' });
const policyResponse = z.looseObject({ id: z.uuid(), priority: z.int() }).meta({ title: 'approval-policy' });
const deleted = z.object({ deleted: z.boolean(), id: z.string(), object: z.string() });
const conflict = {
  409: { description: 'invalid-status-transition, and other refused moves', schema: errorResponse },
};

const vendorParams = z.object({ vendor_id: uuidParam('vendor_id') });
const methodParams = vendorParams.extend({ payment_method_id: uuidParam('payment_method_id') });
const payableParams = z.object({ payable_id: uuidParam('payable_id') });
const policyParams = z.object({ approval_policy_id: uuidParam('approval_policy_id') });

const statusList = z
  .string()
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(z.array(z.enum(PAYABLE_STATUSES, `Statuses among ${PAYABLE_STATUSES.join(', ')}`)))
  .optional()
  .meta({ 'x-extension': true, description: 'Comma-separated statuses' });

const payablesQuery = oneCursor(
  z.object({
    status: statusList,
    ap_vendor_id: uuidParam('ap_vendor_id').optional().meta({ 'x-extension': true }),
    waiting_for: z
      .string()
      .regex(/^\d+$/, 'An AP user id')
      .transform(Number)
      .optional()
      .meta({ 'x-extension': true, description: "Bills whose open step waits for this AP user's approval" }),
    ...cursorFields,
  }),
);

const vendorsQuery = oneCursor(
  z.object({ search: z.string().max(100).optional().meta({ 'x-extension': true }), ...cursorFields }),
);

export function accountsPayableRoutes(): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/v2/accounts-payable/vendors',
      operationId: 'get-vendors',
      summary: 'Vendors, newest first, by keyset pages (search by name: an extension)',
      tags: TAGS,
      query: vendorsQuery,
      responses: { 200: { description: 'OK', schema: listResponse(vendorResponse) }, ...standardErrors },
      handle: ({ c, query, caller }) => c.json(listVendors(caller, query)),
    }),
    route({
      method: 'POST',
      path: '/v2/accounts-payable/vendors',
      operationId: 'create-vendor',
      summary: 'A vendor, with its US address',
      tags: TAGS,
      body: createVendorSchema,
      responses: { 201: { description: 'Created', schema: vendorResponse }, ...standardErrors },
      handle: ({ c, body, caller }) => c.json(createVendor(caller, body), 201),
    }),
    route({
      method: 'GET',
      path: '/v2/accounts-payable/vendors/{vendor_id}',
      operationId: 'get-vendor',
      summary: 'A vendor',
      tags: TAGS,
      params: vendorParams,
      responses: { 200: { description: 'OK', schema: vendorResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(vendorOf(caller, params.vendor_id)),
    }),
    route({
      method: 'DELETE',
      path: '/v2/accounts-payable/vendors/{vendor_id}',
      operationId: 'delete-vendor',
      summary: 'Delete a vendor that has no bill left to pay',
      tags: TAGS,
      params: vendorParams,
      responses: {
        200: { description: 'Deleted', schema: deleted },
        ...standardErrors,
        409: { description: 'vendor-has-open-payables', schema: errorResponse },
      },
      handle: ({ c, params, caller }) => c.json(deleteVendor(caller, params.vendor_id)),
    }),
    route({
      method: 'GET',
      path: '/v2/accounts-payable/vendors/{vendor_id}/payment-methods',
      operationId: 'get-vendor-payment-methods',
      summary: "A vendor's payment methods, masked",
      tags: TAGS,
      params: vendorParams,
      responses: { 200: { description: 'OK', schema: z.array(methodResponse) }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(listVendorMethods(caller, params.vendor_id)),
    }),
    route({
      method: 'POST',
      path: '/v2/accounts-payable/vendors/{vendor_id}/payment-methods',
      operationId: 'create-vendor-payment-method',
      summary: 'An ACH account of the vendor (the routing number checked by its ABA check digit)',
      tags: TAGS,
      params: vendorParams,
      body: createVendorMethodSchema,
      responses: { 201: { description: 'Created, masked', schema: methodResponse }, ...standardErrors },
      handle: ({ c, params, body, caller }) =>
        c.json(createVendorMethod(caller, params.vendor_id, body), 201),
    }),
    route({
      method: 'GET',
      path: '/v2/accounts-payable/vendors/{vendor_id}/payment-methods/{payment_method_id}',
      operationId: 'get-vendor-payment-method',
      summary: "A vendor's payment method, masked",
      tags: TAGS,
      params: methodParams,
      responses: { 200: { description: 'OK', schema: methodResponse }, ...standardErrors },
      handle: ({ c, params, caller }) =>
        c.json(vendorMethodOf(caller, params.vendor_id, params.payment_method_id)),
    }),
    route({
      method: 'DELETE',
      path: '/v2/accounts-payable/vendors/{vendor_id}/payment-methods/{payment_method_id}',
      operationId: 'delete-vendor-payment-method',
      summary: "Delete a vendor's payment method (a bill that names it is then not paid)",
      tags: TAGS,
      params: methodParams,
      responses: { 200: { description: 'Deleted', schema: deleted }, ...standardErrors },
      handle: ({ c, params, caller }) =>
        c.json(deleteVendorMethod(caller, params.vendor_id, params.payment_method_id)),
    }),
    route({
      method: 'GET',
      path: '/v2/accounts-payable/payables',
      operationId: 'get-payables',
      summary: 'Bills, newest first, by keyset pages (by status, vendor or who they wait for: extensions)',
      tags: TAGS,
      query: payablesQuery,
      responses: { 200: { description: 'OK', schema: listResponse(payableResponse) }, ...standardErrors },
      handle: ({ c, query, caller }) =>
        c.json(listPayables(caller, { ...query, status: query.status as PayableStatus[] | undefined })),
    }),
    route({
      method: 'POST',
      path: '/v2/accounts-payable/payables',
      operationId: 'create-payable',
      summary: 'A bill (created): its number; the rest may come later. Items add up to the amount',
      tags: TAGS,
      body: createPayableSchema,
      responses: { 201: { description: 'Created', schema: payableResponse }, ...standardErrors },
      handle: ({ c, body, caller }) => c.json(createPayable(caller, body), 201),
    }),
    route({
      method: 'POST',
      path: '/v2/accounts-payable/payables/upload-from-file',
      operationId: 'create-payable-from-file',
      summary:
        'A bill made from an invoice PDF (multipart: acting_user_id, file): what its text says filled in',
      tags: TAGS,
      responses: { 200: { description: 'The draft', schema: payableResponse }, ...standardErrors },
      handle: async ({ c, caller }) => {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const file = form.file;
        const acting = String(form.acting_user_id ?? '');
        const errors = [
          ...(/^\d+$/.test(acting)
            ? []
            : [{ path: 'acting_user_id', message: 'The AP user acting, an integer id' }]),
          ...(file instanceof File ? [] : [{ path: 'file', message: 'A PDF file (multipart/form-data)' }]),
        ];
        if (errors.length > 0 || !(file instanceof File)) throw validationError(errors);
        const bytes = new Uint8Array(await file.arrayBuffer());
        return c.json(
          await createPayableFromFile(caller, { actingUserId: Number(acting), bytes, fileName: file.name }),
        );
      },
    }),
    route({
      method: 'GET',
      path: '/v2/accounts-payable/payables/{payable_id}',
      operationId: 'get-payable',
      summary: 'A bill, with its steps, action history and transfers',
      tags: TAGS,
      params: payableParams,
      responses: { 200: { description: 'OK', schema: payableResponse }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(payableOf(caller, params.payable_id)),
    }),
    route({
      method: 'PATCH',
      path: '/v2/accounts-payable/payables/{payable_id}',
      operationId: 'update-payable',
      summary: 'Change a created bill; a rejected one changes and is created again',
      tags: TAGS,
      params: payableParams,
      body: updatePayableSchema,
      responses: { 200: { description: 'OK', schema: payableResponse }, ...standardErrors, ...conflict },
      handle: ({ c, params, body, caller }) => c.json(updatePayableFields(caller, params.payable_id, body)),
    }),
    route({
      method: 'GET',
      path: '/v2/accounts-payable/payables/{payable_id}/file',
      operationId: 'get-payable-file',
      summary: "The bill's PDF, to the organization only (its file_url)",
      tags: TAGS,
      extension: true,
      params: payableParams,
      responses: { 200: { description: 'application/pdf' }, ...standardErrors },
      handle: ({ c, params, caller }) =>
        c.body(new Uint8Array(payableFileOf(caller, params.payable_id)), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'inline',
        }),
    }),
    route({
      method: 'POST',
      path: '/v2/accounts-payable/payables/{payable_id}/file',
      operationId: 'upload-payable-file',
      summary: 'Attach a PDF (base64, at most 10 MiB) to a bill that can still change',
      tags: TAGS,
      params: payableParams,
      body: payableFileSchema,
      responses: {
        200: {
          description: 'OK',
          schema: z.object({ id: z.uuid(), updated: z.boolean(), object: z.string() }),
        },
        ...standardErrors,
        ...conflict,
      },
      handle: ({ c, params, body, caller }) =>
        c.json(attachPayableFile(caller, params.payable_id, body.file)),
    }),
    route({
      method: 'DELETE',
      path: '/v2/accounts-payable/payables/{payable_id}/file',
      operationId: 'delete-payable-file',
      summary: "Remove a bill's PDF",
      tags: TAGS,
      params: payableParams,
      responses: { 200: { description: 'OK', schema: deleted }, ...standardErrors, ...conflict },
      handle: ({ c, params, caller }) => c.json(attachPayableFile(caller, params.payable_id, null)),
    }),
    ...(
      [
        [
          'cancel',
          'cancel-payable',
          'Cancel a bill (created, submitted, approved or rejected): final',
          cancelPayable,
          payableActionSchema,
        ],
        [
          'submit-for-approval',
          'submit-payable-for-approval',
          'Submit a complete bill: the first policy that matches gives its steps; none approves it',
          submitPayable,
          payableActionSchema,
        ],
        [
          'approve',
          'approve-payable',
          'Approve the open step, by one of its approvers who did not create the bill',
          approvePayable,
          payableActionSchema,
        ],
        [
          'reject',
          'reject-payable',
          'Reject, with a comment, by an approver of the open step',
          rejectPayable,
          rejectPayableSchema,
        ],
      ] as const
    ).map(([verb, operationId, summary, act, body]) =>
      route({
        method: 'POST',
        path: `/v2/accounts-payable/payables/{payable_id}/${verb}`,
        operationId,
        summary,
        tags: TAGS,
        params: payableParams,
        body: body as typeof payableActionSchema,
        responses: {
          200: { description: 'The bill', schema: payableResponse },
          ...standardErrors,
          ...conflict,
        },
        handle: ({ c, params, body: given, caller }) => c.json(act(caller, params.payable_id, given)),
      }),
    ),
    route({
      method: 'POST',
      path: '/v2/accounts-payable/payables/{payable_id}/pay',
      operationId: 'pay-payable',
      // An `idempotency_key` (an extension) one of the bill's attempts already has answers the bill as it is, with
      // `Idempotent-Replayed: true`, and moves nothing.
      summary: 'Pay an approved bill (or one whose payment failed): a transfer of type payable',
      tags: TAGS,
      params: payableParams,
      body: payPayableSchema,
      responses: {
        200: { description: 'The bill', schema: payableResponse },
        ...standardErrors,
        ...conflict,
      },
      handle: ({ c, params, body, caller }) => {
        const { bill, replayed } = payPayable(caller, params.payable_id, body);
        if (replayed) c.header('Idempotent-Replayed', 'true');
        return c.json(bill);
      },
    }),
    route({
      method: 'GET',
      path: '/v2/accounts-payable/approval-policies',
      operationId: 'get-approval-policies',
      summary: 'Approval policies by priority (1 first)',
      tags: TAGS,
      responses: { 200: { description: 'OK', schema: z.array(policyResponse) }, ...standardErrors },
      handle: ({ c, caller }) => c.json(listPolicies(caller)),
    }),
    route({
      method: 'POST',
      path: '/v2/accounts-payable/approval-policies',
      operationId: 'create-approval-policy',
      summary: 'A policy, last in priority: conditions that all hold, steps in order',
      tags: TAGS,
      body: createPolicySchema,
      responses: { 201: { description: 'Created', schema: policyResponse }, ...standardErrors },
      handle: ({ c, body, caller }) => c.json(createPolicy(caller, body), 201),
    }),
    route({
      method: 'PATCH',
      path: '/v2/accounts-payable/approval-policies/{approval_policy_id}',
      operationId: 'update-approval-policy-priority',
      summary: 'Move a policy to a priority; the others shift',
      tags: TAGS,
      params: policyParams,
      body: policyPrioritySchema,
      responses: { 200: { description: 'OK', schema: policyResponse }, ...standardErrors },
      handle: ({ c, params, body, caller }) =>
        c.json(changePolicyPriority(caller, params.approval_policy_id, body.priority)),
    }),
    route({
      method: 'DELETE',
      path: '/v2/accounts-payable/approval-policies/{approval_policy_id}',
      operationId: 'delete-approval-policy',
      summary: 'Delete a policy (bills already submitted keep their steps)',
      tags: TAGS,
      params: policyParams,
      responses: { 200: { description: 'Deleted', schema: deleted }, ...standardErrors },
      handle: ({ c, params, caller }) => c.json(deletePolicy(caller, params.approval_policy_id)),
    }),
    route({
      method: 'GET',
      path: '/v2/accounts-payable/approvers',
      operationId: 'get-approvers',
      summary: "The organization's AP users (integer ids)",
      tags: TAGS,
      responses: {
        200: { description: 'OK', schema: z.array(z.looseObject({ id: z.int() })) },
        ...standardErrors,
      },
      handle: ({ c, caller }) => c.json(listApprovers(caller.db, caller.tenant.orgId)),
    }),
    route({
      method: 'PUT',
      path: '/sandbox/tenants/{client_id}/accounts-payable',
      operationId: 'sandbox-tenant-accounts-payable',
      summary:
        "A tenant's AP users by email (added or updated), and once, vendors, the three-tier policy and a bill in every status",
      tags: ['sandbox'],
      public: true,
      extension: true,
      params: z.object({ client_id: z.string().min(1).max(200) }),
      body: z
        .object({
          users: z
            .array(
              z
                .object({ email: z.email(), name: z.string().min(1).max(200), role: z.enum(AP_ROLES) })
                .strict(),
            )
            .max(100),
          /** Also bills that moved money (the demo's history); a test tenant's wallet and transfers stay untouched. */
          with_payments: z.boolean().optional(),
        })
        .strict(),
      responses: {
        200: { description: 'The AP users' },
        404: { description: 'tenant-not-found', schema: errorResponse },
      },
      handle: async ({ c, params, body, caller }) =>
        c.json(await seedAccountsPayable(caller, params.client_id, body.users, body.with_payments ?? false)),
    }),
  ];
}
