import type { AuditAction } from '../../../lib/audit-actions';
import type { Permission } from '../../../lib/roles';
import { Refusal } from '../../errors';
import { orUnavailable } from '../../gate/service-calls';
import { type Asked, idsInPath, reads, type V2Row, type Verdict } from '../../pipeline/v2-row';
import { judgeBillRequest } from '../rules';

/** A request of accounts payable, judged by the rules of bills (rules.ts): sent, refused, or waiting. */
async function judgeBill(asked: Asked<Record<string, unknown> | FormData>): Promise<Verdict> {
  const { team, call, found, action, path, body } = asked;
  const outcome = await orUnavailable(judgeBillRequest(team, call, found, action, { path, raw: body }));
  if (outcome instanceof Refusal) return { kind: 'refused', refusal: outcome, targets: idsInPath(path) };
  if (outcome.kind === 'send') return outcome;
  if (outcome.kind === 'refused') return { ...outcome, targets: idsInPath(path) };
  return {
    kind: 'answered',
    status: 202,
    body: { kind: 'waiting', request: outcome.request },
    detail: outcome.detail,
    targets: [...idsInPath(path), outcome.request.id],
  };
}

const row = (method: V2Row['method'], path: string, permission: Permission, action: AuditAction): V2Row => ({
  method,
  path,
  permission,
  action,
  body: 'bill',
  judge: judgeBill,
});

/**
 * Accounts payable: vendors and bills are finance's to create, change and pay; approving and rejecting is for any
 * member whose AP user is in the bill's open step (the rules check that, and the service too); approval policies are
 * the admins'.
 */
export const PAYABLE_ROWS: V2Row[] = [
  row('POST', '/v2/accounts-payable/vendors', 'pay', 'vendor.create'),
  row('DELETE', '/v2/accounts-payable/vendors/*', 'pay', 'vendor.delete'),
  row('POST', '/v2/accounts-payable/vendors/*/payment-methods', 'pay', 'vendor-method.add'),
  row('DELETE', '/v2/accounts-payable/vendors/*/payment-methods/*', 'pay', 'vendor-method.delete'),
  row('POST', '/v2/accounts-payable/payables', 'pay', 'bill.create'),
  row('POST', '/v2/accounts-payable/payables/upload-from-file', 'pay', 'bill.upload'),
  row('PATCH', '/v2/accounts-payable/payables/*', 'pay', 'bill.update'),
  row('POST', '/v2/accounts-payable/payables/*/file', 'pay', 'bill.file.attach'),
  row('DELETE', '/v2/accounts-payable/payables/*/file', 'pay', 'bill.file.delete'),
  row('POST', '/v2/accounts-payable/payables/*/cancel', 'pay', 'bill.cancel'),
  row('POST', '/v2/accounts-payable/payables/*/submit-for-approval', 'pay', 'bill.submit'),
  row('POST', '/v2/accounts-payable/payables/*/approve', 'read', 'bill.approve'),
  row('POST', '/v2/accounts-payable/payables/*/reject', 'read', 'bill.reject'),
  row('POST', '/v2/accounts-payable/payables/*/pay', 'pay', 'bill.pay'),
  row('POST', '/v2/accounts-payable/approval-policies', 'admin', 'ap-policy.create'),
  row('PATCH', '/v2/accounts-payable/approval-policies/*', 'admin', 'ap-policy.priority'),
  row('DELETE', '/v2/accounts-payable/approval-policies/*', 'admin', 'ap-policy.delete'),
  ...reads(
    '/v2/accounts-payable/vendors',
    '/v2/accounts-payable/vendors/*',
    '/v2/accounts-payable/vendors/*/payment-methods',
    '/v2/accounts-payable/vendors/*/payment-methods/*',
    '/v2/accounts-payable/payables',
    '/v2/accounts-payable/payables/*',
    '/v2/accounts-payable/payables/*/file',
    '/v2/accounts-payable/approval-policies',
    '/v2/accounts-payable/approvers',
  ),
];
