import { randomUUID } from 'node:crypto';
import type { ApprovalStep, CreatePolicy, PayableCondition } from '../../lib/requests/accounts-payable';
import {
  apUsersOf,
  deletePolicyRow,
  findPolicy,
  insertPolicy,
  type PolicyRow,
  policiesOf,
  setPolicyPriority,
} from '../store/accounts-payable';
import type { Db } from '../store/db';
import { creditedAppOf } from '../store/tenants';
import { fullName } from './ap-users';
import type { Caller } from './auth';
import { DomainError, found, notFoundOrUnauthorized } from './errors';

/**
 * Approval policies: tried by priority (1 first), the first whose conditions all hold applies (lib/ap-policies.ts).
 * Priorities are kept 1..n without gaps: a new policy goes last, a moved one takes its place and the rest shift.
 */

export interface StoredPolicy {
  id: string;
  priority: number;
  description: string | null;
  payable_conditions: PayableCondition[];
  approval_conditions: ApprovalStep[];
}

export function storedPolicy(row: PolicyRow): StoredPolicy {
  return {
    id: row.id,
    priority: row.priority,
    description: row.description,
    payable_conditions: JSON.parse(row.payable_conditions) as PayableCondition[],
    approval_conditions: JSON.parse(row.approval_conditions) as ApprovalStep[],
  };
}

export function policiesOfOrg(db: Db, orgId: string): StoredPolicy[] {
  return policiesOf(db, orgId).map(storedPolicy);
}

function policyView(db: Db, row: PolicyRow) {
  const names = new Map(apUsersOf(db, row.org_id).map((user) => [user.id, fullName(user)]));
  const policy = storedPolicy(row);
  return {
    id: row.id,
    active: true,
    api_app_id: row.app_id,
    priority: row.priority,
    description: row.description,
    created: row.created,
    payable_conditions: policy.payable_conditions.map((c) =>
      c.type === 'amount' ? c : { type: c.type, comparator: '==', value: c.value },
    ),
    approval_conditions: policy.approval_conditions.map((step) => ({
      approver_list: step.approver_list.map((id) => ({ id, name: names.get(id) ?? `AP user ${id}` })),
      num_approvals_required: step.num_approvals_required,
    })),
  };
}

export function listPolicies({ db, tenant }: Caller) {
  return policiesOf(db, tenant.orgId).map((row) => policyView(db, row));
}

export function createPolicy({ db, tenant, appId, nowMs }: Caller, body: CreatePolicy) {
  const app = creditedAppOf(db, tenant.orgId, appId);
  if (!app) throw notFoundOrUnauthorized();
  return db.transaction(() => {
    const known = new Set(apUsersOf(db, tenant.orgId).map((user) => user.id));
    const errors = body.approval_conditions.flatMap((step, s) =>
      step.approver_list.flatMap((id, i) =>
        known.has(id)
          ? []
          : [{ path: `approval_conditions.${s}.approver_list.${i}`, message: `No AP user ${id}` }],
      ),
    );
    if (errors.length > 0) {
      throw new DomainError(
        'invalid',
        'unknown-approver',
        'An approver is not an AP user of this organization',
        errors,
      );
    }
    const row: Omit<PolicyRow, 'seq'> = {
      id: randomUUID(),
      org_id: tenant.orgId,
      app_id: app.id,
      description: body.description ?? null,
      priority: policiesOf(db, tenant.orgId).length + 1,
      payable_conditions: JSON.stringify(body.payable_conditions),
      approval_conditions: JSON.stringify(body.approval_conditions),
      created: new Date(nowMs).toISOString(),
    };
    insertPolicy(db, row);
    return policyView(db, { ...row, seq: 0 });
  })();
}

export function changePolicyPriority({ db, tenant }: Caller, id: string, priority: number) {
  return db.transaction(() => {
    const policy = found(findPolicy(db, tenant.orgId, id));
    const others = policiesOf(db, tenant.orgId).filter((row) => row.id !== policy.id);
    const at = Math.min(priority, others.length + 1) - 1;
    others.splice(at, 0, policy);
    for (const [index, row] of others.entries()) setPolicyPriority(db, row.id, index + 1);
    return policyView(db, found(findPolicy(db, tenant.orgId, id)));
  })();
}

/** Bills already submitted keep the steps they were given; later ones no longer meet this policy. */
export function deletePolicy({ db, tenant }: Caller, id: string) {
  return db.transaction(() => {
    const policy = found(findPolicy(db, tenant.orgId, id));
    deletePolicyRow(db, policy.id);
    for (const [index, row] of policiesOf(db, tenant.orgId).entries())
      setPolicyPriority(db, row.id, index + 1);
    return { deleted: true, id: policy.id, object: 'approval_policy' };
  })();
}
