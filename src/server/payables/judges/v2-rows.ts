import type { AuditAction } from '../../../lib/audit-actions';
import type { Permission } from '../../../lib/roles';
import { Refusal } from '../../errors';
import { orUnavailable } from '../../gate/service-calls';
import { type Asked, idsInPath, reads, type V2Row, type Verdict } from '../../pipeline/v2-row';
import { judgeBillApprove } from './approve';
import type { BillBody, BillJudge } from './bill-judge';
import { judgeBillCancel, judgeBillFileAttach, judgeBillFileDelete, judgeBillSubmit } from './bill-writes';
import { judgeBillCreate, judgeBillUpload } from './creation';
import { judgeBillReject } from './decide';
import { judgeBillPay } from './pay';
import { judgePolicy } from './policies';
import { judgeBillUpdate } from './update';
import {
  judgeVendorCreate,
  judgeVendorDelete,
  judgeVendorMethodAdd,
  judgeVendorMethodDelete,
} from './vendors';

/** A request of accounts payable, judged by its action's rule of bills: sent, refused, or waiting. */
function judgedBy(judge: BillJudge) {
  return async (asked: Asked<BillBody>): Promise<Verdict> => {
    const { team, call, found, action, path, body } = asked;
    const outcome = await orUnavailable(judge({ team, call, found, action, path, raw: body }));
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
  };
}

const row = (
  method: V2Row['method'],
  path: string,
  permission: Permission,
  action: AuditAction,
  judge: BillJudge,
): V2Row => ({ method, path, permission, action, body: 'bill', judge: judgedBy(judge) });

/**
 * Accounts payable, each write with its own judge (this folder): vendors and bills are finance's to create, change
 * and pay; approving and rejecting is for any member whose AP user is in the bill's open step (the rules check that,
 * and the service too); approval policies are the admins'.
 */
export const PAYABLE_ROWS: V2Row[] = [
  row('POST', '/v2/accounts-payable/vendors', 'pay', 'vendor.create', judgeVendorCreate),
  row('DELETE', '/v2/accounts-payable/vendors/*', 'pay', 'vendor.delete', judgeVendorDelete),
  row(
    'POST',
    '/v2/accounts-payable/vendors/*/payment-methods',
    'pay',
    'vendor-method.add',
    judgeVendorMethodAdd,
  ),
  row(
    'DELETE',
    '/v2/accounts-payable/vendors/*/payment-methods/*',
    'pay',
    'vendor-method.delete',
    judgeVendorMethodDelete,
  ),
  row('POST', '/v2/accounts-payable/payables', 'pay', 'bill.create', judgeBillCreate),
  row('POST', '/v2/accounts-payable/payables/upload-from-file', 'pay', 'bill.upload', judgeBillUpload),
  row('PATCH', '/v2/accounts-payable/payables/*', 'pay', 'bill.update', judgeBillUpdate),
  row('POST', '/v2/accounts-payable/payables/*/file', 'pay', 'bill.file.attach', judgeBillFileAttach),
  row('DELETE', '/v2/accounts-payable/payables/*/file', 'pay', 'bill.file.delete', judgeBillFileDelete),
  row('POST', '/v2/accounts-payable/payables/*/cancel', 'pay', 'bill.cancel', judgeBillCancel),
  row('POST', '/v2/accounts-payable/payables/*/submit-for-approval', 'pay', 'bill.submit', judgeBillSubmit),
  row('POST', '/v2/accounts-payable/payables/*/approve', 'read', 'bill.approve', judgeBillApprove),
  row('POST', '/v2/accounts-payable/payables/*/reject', 'read', 'bill.reject', judgeBillReject),
  row('POST', '/v2/accounts-payable/payables/*/pay', 'pay', 'bill.pay', judgeBillPay),
  row('POST', '/v2/accounts-payable/approval-policies', 'admin', 'ap-policy.create', judgePolicy),
  row('PATCH', '/v2/accounts-payable/approval-policies/*', 'admin', 'ap-policy.priority', judgePolicy),
  row('DELETE', '/v2/accounts-payable/approval-policies/*', 'admin', 'ap-policy.delete', judgePolicy),
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
