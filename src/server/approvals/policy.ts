import { type ConsoleDb, transaction } from '../db/database';
import * as policyRows from '../db/repositories/team/approval-policies';
import { lockOrganization } from '../db/repositories/team/organizations';
import type { PolicyRow } from '../db/schema/team';
import { sealerOf } from '../db/seals';
import { countApprovers } from '../members/members';

export interface ApprovalPolicy {
  version: number;
  enabled: boolean;
  limitCents: number;
  approvalsNeeded: 1 | 2;
  /** What one member may move alone in a rolling 24 hours; null: no such limit. */
  memberDailyLimitCents: number | null;
}

export type PolicySettings = Omit<ApprovalPolicy, 'version'>;

/** Before any version exists: off, as an upstream organization starts. */
export const NO_POLICY: ApprovalPolicy = {
  version: 0,
  enabled: false,
  limitCents: 1_000_000,
  approvalsNeeded: 1,
  memberDailyLimitCents: null,
};

function policyOf(row: PolicyRow | undefined): ApprovalPolicy {
  if (!row) return NO_POLICY;
  return {
    version: Number(row.version),
    enabled: Number(row.enabled) === 1,
    limitCents: Number(row.limit_cents),
    approvalsNeeded: Number(row.approvals_needed) === 2 ? 2 : 1,
    memberDailyLimitCents:
      row.member_daily_limit_cents === null || row.member_daily_limit_cents === undefined
        ? null
        : Number(row.member_daily_limit_cents),
  };
}

/**
 * A policy row that does not verify (switched off or raised in the database, db/seals.ts) holds everything: every
 * payment waits for approval and nothing moves alone, until an admin sets the policy again.
 */
export const FORGED_POLICY: ApprovalPolicy = {
  version: 0,
  enabled: true,
  limitCents: 0,
  approvalsNeeded: 1,
  memberDailyLimitCents: 0,
};

export async function activePolicy(db: ConsoleDb, orgId: string): Promise<ApprovalPolicy> {
  const row = await policyRows.activePolicyRow(db, orgId);
  // No version in force, yet one was written: the active one was deleted or set aside in the database (a seal shows a
  // row changed, never a row gone). It holds everything, as a forged one does, rather than switching approvals off.
  if (!row && (await policyRows.policyWasWritten(db, orgId))) {
    sealerOf(db).onViolation({ table: 'approval_policies', id: orgId, orgId, missing: true });
    return FORGED_POLICY;
  }
  if (
    row &&
    !sealerOf(db).verifies('approval_policies', row, {
      table: 'approval_policies',
      id: `${orgId} v${row.version}`,
      orgId,
    })
  ) {
    return { ...FORGED_POLICY, version: Number(row.version) };
  }
  return policyOf(row);
}

/** Why a policy cannot be had now (nobody would be left to approve), with the field it concerns; null when it can. */
export async function policyProblem(
  db: ConsoleDb,
  orgId: string,
  wanted: PolicySettings,
): Promise<{ field: string; message: string } | null> {
  if (!wanted.enabled) return null;
  const approvers = await countApprovers(db, orgId);
  if (approvers < 2) {
    return {
      field: 'enabled',
      message:
        'Two members who can approve (finance or admin) are needed before approvals can be switched on',
    };
  }
  if (wanted.approvalsNeeded === 2 && approvers < 3) {
    return {
      field: 'approvals_needed',
      message: 'Two approvals besides the maker need at least three members who can approve',
    };
  }
  return null;
}

/**
 * Makes `wanted` the organization's policy, as its next version: the versions before it are superseded in the same
 * transaction, with the organization held, so that two changes at once make two versions one after the other and
 * the organization always has exactly one active policy.
 */
export async function applyPolicy(
  db: ConsoleDb,
  orgId: string,
  wanted: PolicySettings,
  by: { proposedBy: string | null; confirmedBy: string | null },
  now = new Date(),
): Promise<ApprovalPolicy> {
  return transaction(db, async (trx) => {
    await lockOrganization(trx, orgId);
    const policy: ApprovalPolicy = {
      version: (await policyRows.lastPolicyVersion(trx, orgId)) + 1,
      ...wanted,
    };
    await policyRows.supersedeActivePolicy(trx, orgId);
    await insertVersion(trx, orgId, policy, by, now);
    return policy;
  });
}

/** A starting policy (the demo's, a test tenant's), as version 1; a database that has one keeps it. */
export async function seedPolicy(db: ConsoleDb, orgId: string, policy: PolicySettings, now = new Date()) {
  await insertVersion(db, orgId, { version: 1, ...policy }, { proposedBy: null, confirmedBy: null }, now);
}

function insertVersion(
  db: ConsoleDb,
  orgId: string,
  policy: ApprovalPolicy,
  by: { proposedBy: string | null; confirmedBy: string | null },
  now: Date,
) {
  return policyRows.insertPolicyVersion(db, {
    org_id: orgId,
    version: policy.version,
    enabled: policy.enabled ? 1 : 0,
    limit_cents: policy.limitCents,
    approvals_needed: policy.approvalsNeeded,
    member_daily_limit_cents: policy.memberDailyLimitCents,
    status: 'active',
    proposed_by: by.proposedBy,
    confirmed_by: by.confirmedBy,
    created_at: now.toISOString(),
  });
}
