import { can, ROLES } from '../../lib/roles';
import type { ConsoleDb, ConsoleTables } from './database';
import { countActiveAdmins, countMembers } from './members';

export interface ApprovalPolicy {
  version: number;
  enabled: boolean;
  limitCents: number;
  approvalsNeeded: 1 | 2;
}

type PolicyRow = ConsoleTables['approval_policies'];

/** Before any version exists: off, as an upstream organization starts. */
export const NO_POLICY: ApprovalPolicy = {
  version: 0,
  enabled: false,
  limitCents: 1_000_000,
  approvalsNeeded: 1,
};

function policyOf(row: PolicyRow | undefined): ApprovalPolicy {
  if (!row) return NO_POLICY;
  return {
    version: Number(row.version),
    enabled: Number(row.enabled) === 1,
    limitCents: Number(row.limit_cents),
    approvalsNeeded: Number(row.approvals_needed) === 2 ? 2 : 1,
  };
}

function newestVersion(db: ConsoleDb, orgId: string, status: 'active' | 'proposed') {
  return db
    .selectFrom('approval_policies')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('status', '=', status)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function activePolicy(db: ConsoleDb, orgId: string): Promise<ApprovalPolicy> {
  return policyOf(await newestVersion(db, orgId, 'active'));
}

export async function proposedPolicy(
  db: ConsoleDb,
  orgId: string,
): Promise<(ApprovalPolicy & { proposedBy: string | null }) | null> {
  const row = await newestVersion(db, orgId, 'proposed');
  return row ? { ...policyOf(row), proposedBy: row.proposed_by } : null;
}

/** Members who may approve: the roles that may pay, active. */
export function countApprovers(db: ConsoleDb, orgId: string): Promise<number> {
  return countMembers(db, orgId, { status: 'active', roles: ROLES.filter((role) => can(role, 'pay')) });
}

export type PolicyChange =
  | { kind: 'applied'; policy: ApprovalPolicy }
  | { kind: 'proposed'; policy: ApprovalPolicy }
  | { kind: 'refused'; field: string; message: string };

/**
 * An admin's change to the policy. With two active admins it waits for the other one to confirm it; with one it
 * applies at once. It cannot be switched on while fewer than two members can approve (nobody would be left to).
 */
export async function changePolicy(
  db: ConsoleDb,
  org: { id: string },
  adminId: string,
  wanted: { enabled: boolean; limitCents: number; approvalsNeeded: 1 | 2 },
  now = new Date(),
): Promise<PolicyChange> {
  if (wanted.enabled) {
    const approvers = await countApprovers(db, org.id);
    if (approvers < 2) {
      return {
        kind: 'refused',
        field: 'enabled',
        message:
          'Two members who can approve (finance or admin) are needed before approvals can be switched on',
      };
    }
    if (wanted.approvalsNeeded === 2 && approvers < 3) {
      return {
        kind: 'refused',
        field: 'approvals_needed',
        message: 'Two approvals besides the maker need at least three members who can approve',
      };
    }
  }
  const needsSecondAdmin = (await countActiveAdmins(db, org.id)) >= 2;
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('approval_policies')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('org_id', '=', org.id)
      .executeTakeFirst();
    const version = Number(last?.version ?? 0) + 1;
    // A newer proposal replaces an unconfirmed one.
    await retire(trx, org.id, 'proposed', 'withdrawn');
    if (!needsSecondAdmin) await retire(trx, org.id, 'active', 'superseded');
    const policy = { version, ...wanted };
    await insertVersion(trx, org.id, policy, needsSecondAdmin ? 'proposed' : 'active', adminId, now);
    return needsSecondAdmin ? { kind: 'proposed', policy } : { kind: 'applied', policy };
  });
}

const NOTHING_TO_CONFIRM = {
  kind: 'refused',
  status: 404,
  code: 'no-proposal',
  message: 'No change of the policy is waiting',
} as const;

/** A second admin confirms the proposal; its proposer cannot. */
export async function confirmPolicy(
  db: ConsoleDb,
  org: { id: string },
  adminId: string,
): Promise<
  | { kind: 'applied'; policy: ApprovalPolicy }
  | { kind: 'refused'; status: 403 | 404; code: string; message: string }
> {
  const proposal = await proposedPolicy(db, org.id);
  if (!proposal) return NOTHING_TO_CONFIRM;
  if (proposal.proposedBy === adminId) {
    return {
      kind: 'refused',
      status: 403,
      code: 'self-approval',
      message: 'Another admin confirms a change you proposed',
    };
  }
  // The proposal is taken first, conditionally: of two confirmations at once, the second finds nothing to take and
  // leaves the version the first made active as it is.
  const confirmed = await db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('approval_policies')
      .set({ status: 'active', confirmed_by: adminId })
      .where('org_id', '=', org.id)
      .where('version', '=', proposal.version)
      .where('status', '=', 'proposed')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('approval_policies')
      .set({ status: 'superseded' })
      .where('org_id', '=', org.id)
      .where('status', '=', 'active')
      .where('version', '<>', proposal.version)
      .execute();
    return true;
  });
  if (!confirmed) return NOTHING_TO_CONFIRM;
  const { proposedBy: _by, ...policy } = proposal;
  return { kind: 'applied', policy };
}

/** A starting policy (the demo's, a test tenant's), as version 1; a database that has one keeps it. */
export async function seedPolicy(
  db: ConsoleDb,
  orgId: string,
  policy: Omit<ApprovalPolicy, 'version'>,
  now = new Date(),
) {
  await insertVersion(db, orgId, { version: 1, ...policy }, 'active', null, now);
}

/** One version of the policy, as written by its admin (or by the console, for a starting one). */
function insertVersion(
  db: ConsoleDb,
  orgId: string,
  policy: ApprovalPolicy,
  status: 'active' | 'proposed',
  proposedBy: string | null,
  now: Date,
) {
  return db
    .insertInto('approval_policies')
    .values({
      org_id: orgId,
      version: policy.version,
      enabled: policy.enabled ? 1 : 0,
      limit_cents: policy.limitCents,
      approvals_needed: policy.approvalsNeeded,
      status,
      proposed_by: proposedBy,
      confirmed_by: null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['org_id', 'version']).doNothing())
    .execute();
}

function retire(db: ConsoleDb, orgId: string, from: 'active' | 'proposed', to: 'superseded' | 'withdrawn') {
  return db
    .updateTable('approval_policies')
    .set({ status: to })
    .where('org_id', '=', orgId)
    .where('status', '=', from)
    .execute();
}
