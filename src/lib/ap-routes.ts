import type { AuditAction } from './audit-actions';

/**
 * The state-changing routes of accounts payable, as the team's role matrix sees them (lib/roles.ts lists them with
 * the rest of `/v2`): vendors and bills are finance's to create, change and pay; approving and rejecting is for any
 * member whose AP user is in the bill's open step (the console server checks that, and the service too); approval
 * policies are the admins'.
 */
export const AP_WRITES: {
  method: string;
  path: string;
  permission: 'read' | 'pay' | 'admin';
  action: AuditAction;
}[] = [
  { method: 'POST', path: '/v2/accounts-payable/vendors', permission: 'pay', action: 'vendor.create' },
  { method: 'DELETE', path: '/v2/accounts-payable/vendors/*', permission: 'pay', action: 'vendor.delete' },
  {
    method: 'POST',
    path: '/v2/accounts-payable/vendors/*/payment-methods',
    permission: 'pay',
    action: 'vendor-method.add',
  },
  {
    method: 'DELETE',
    path: '/v2/accounts-payable/vendors/*/payment-methods/*',
    permission: 'pay',
    action: 'vendor-method.delete',
  },
  { method: 'POST', path: '/v2/accounts-payable/payables', permission: 'pay', action: 'bill.create' },
  {
    method: 'POST',
    path: '/v2/accounts-payable/payables/upload-from-file',
    permission: 'pay',
    action: 'bill.upload',
  },
  { method: 'PATCH', path: '/v2/accounts-payable/payables/*', permission: 'pay', action: 'bill.update' },
  {
    method: 'POST',
    path: '/v2/accounts-payable/payables/*/file',
    permission: 'pay',
    action: 'bill.file.attach',
  },
  {
    method: 'DELETE',
    path: '/v2/accounts-payable/payables/*/file',
    permission: 'pay',
    action: 'bill.file.delete',
  },
  {
    method: 'POST',
    path: '/v2/accounts-payable/payables/*/cancel',
    permission: 'pay',
    action: 'bill.cancel',
  },
  {
    method: 'POST',
    path: '/v2/accounts-payable/payables/*/submit-for-approval',
    permission: 'pay',
    action: 'bill.submit',
  },
  {
    method: 'POST',
    path: '/v2/accounts-payable/payables/*/approve',
    permission: 'read',
    action: 'bill.approve',
  },
  {
    method: 'POST',
    path: '/v2/accounts-payable/payables/*/reject',
    permission: 'read',
    action: 'bill.reject',
  },
  { method: 'POST', path: '/v2/accounts-payable/payables/*/pay', permission: 'pay', action: 'bill.pay' },
  {
    method: 'POST',
    path: '/v2/accounts-payable/approval-policies',
    permission: 'admin',
    action: 'ap-policy.create',
  },
  {
    method: 'PATCH',
    path: '/v2/accounts-payable/approval-policies/*',
    permission: 'admin',
    action: 'ap-policy.priority',
  },
  {
    method: 'DELETE',
    path: '/v2/accounts-payable/approval-policies/*',
    permission: 'admin',
    action: 'ap-policy.delete',
  },
];

export const AP_ACTIONS = new Set<AuditAction>(AP_WRITES.map((row) => row.action));
