import type { ConsoleDb, ConsoleTables } from './database';

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

export async function activePolicy(db: ConsoleDb, orgId: string): Promise<ApprovalPolicy> {
  const row = await db
    .selectFrom('approval_policies')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return policyOf(row);
}

export async function proposedPolicy(
  db: ConsoleDb,
  orgId: string,
): Promise<(ApprovalPolicy & { proposedBy: string | null }) | null> {
  const row = await db
    .selectFrom('approval_policies')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('status', '=', 'proposed')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { ...policyOf(row), proposedBy: row.proposed_by } : null;
}

/** Members who may approve: finance and admin, active. */
export async function countApprovers(db: ConsoleDb, orgId: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .where('role', 'in', ['finance', 'admin'])
    .executeTakeFirst();
  return Number(row?.count ?? 0);
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
  const admins = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('org_id', '=', org.id)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirst();
  const needsSecondAdmin = Number(admins?.count ?? 0) >= 2;
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('approval_policies')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('org_id', '=', org.id)
      .executeTakeFirst();
    const version = Number(last?.version ?? 0) + 1;
    // A newer proposal replaces an unconfirmed one.
    await trx
      .updateTable('approval_policies')
      .set({ status: 'withdrawn' })
      .where('org_id', '=', org.id)
      .where('status', '=', 'proposed')
      .execute();
    if (!needsSecondAdmin) {
      await trx
        .updateTable('approval_policies')
        .set({ status: 'superseded' })
        .where('org_id', '=', org.id)
        .where('status', '=', 'active')
        .execute();
    }
    await trx
      .insertInto('approval_policies')
      .values({
        org_id: org.id,
        version,
        enabled: wanted.enabled ? 1 : 0,
        limit_cents: wanted.limitCents,
        approvals_needed: wanted.approvalsNeeded,
        status: needsSecondAdmin ? 'proposed' : 'active',
        proposed_by: adminId,
        confirmed_by: null,
        created_at: now.toISOString(),
      })
      .execute();
    const policy = {
      version,
      enabled: wanted.enabled,
      limitCents: wanted.limitCents,
      approvalsNeeded: wanted.approvalsNeeded,
    };
    return needsSecondAdmin ? { kind: 'proposed', policy } : { kind: 'applied', policy };
  });
}

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
  if (!proposal)
    return {
      kind: 'refused',
      status: 404,
      code: 'no-proposal',
      message: 'No change of the policy is waiting',
    };
  if (proposal.proposedBy === adminId) {
    return {
      kind: 'refused',
      status: 403,
      code: 'self-approval',
      message: 'Another admin confirms a change you proposed',
    };
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('approval_policies')
      .set({ status: 'superseded' })
      .where('org_id', '=', org.id)
      .where('status', '=', 'active')
      .execute();
    await trx
      .updateTable('approval_policies')
      .set({ status: 'active', confirmed_by: adminId })
      .where('org_id', '=', org.id)
      .where('version', '=', proposal.version)
      .where('status', '=', 'proposed')
      .execute();
  });
  const { proposedBy: _by, ...policy } = proposal;
  return { kind: 'applied', policy };
}

/** A starting policy (the demo's, a test tenant's), as version 1. */
export async function seedPolicy(
  db: ConsoleDb,
  orgId: string,
  policy: Omit<ApprovalPolicy, 'version'>,
  now = new Date(),
) {
  await db
    .insertInto('approval_policies')
    .values({
      org_id: orgId,
      version: 1,
      enabled: policy.enabled ? 1 : 0,
      limit_cents: policy.limitCents,
      approvals_needed: policy.approvalsNeeded,
      status: 'active',
      proposed_by: null,
      confirmed_by: null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['org_id', 'version']).doNothing())
    .execute();
}
