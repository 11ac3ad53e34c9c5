import type { ConsoleDb } from '../../database';
import { preparedQuery } from '../../prepared';
import type { PolicyRow } from '../../schema/team';
import { sealerOf } from '../../seals';

/** Every version of each organization's approval policy. */

const activeRow = preparedQuery((db, v: { orgId: string }) =>
  db
    .selectFrom('approval_policies')
    .selectAll()
    .where('org_id', '=', v.orgId)
    .where('status', '=', 'active')
    .orderBy('version', 'desc')
    .limit(1),
);

/** The active version (the newest, should two ever be). */
export async function activePolicyRow(db: ConsoleDb, orgId: string): Promise<PolicyRow | undefined> {
  return (await activeRow(db, { orgId }))[0];
}

/**
 * Whether the organization ever had a policy: a version of any status, or a change of it in the trail (which no one
 * removes unseen). Asked only when no version is in force.
 */
export async function policyWasWritten(db: ConsoleDb, orgId: string): Promise<boolean> {
  if ((await lastPolicyVersion(db, orgId)) > 0) return true;
  const line = await db
    .selectFrom('audit_events')
    .select('seq')
    .where('action', '=', 'policy.change')
    .where('org_id', '=', orgId)
    .where('status', '<', 300)
    .limit(1)
    .executeTakeFirst();
  return line !== undefined;
}

/** The highest version of any status, 0 when there is none. */
export async function lastPolicyVersion(db: ConsoleDb, orgId: string): Promise<number> {
  const last = await db
    .selectFrom('approval_policies')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return Number(last?.version ?? 0);
}

export async function supersedeActivePolicy(db: ConsoleDb, orgId: string): Promise<void> {
  await db
    .updateTable('approval_policies')
    .set({ status: 'superseded' })
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .execute();
}

/** Inserts a version unless the organization has it already (a seed run twice keeps the first). */
export async function insertPolicyVersion(db: ConsoleDb, row: PolicyRow): Promise<void> {
  await db
    .insertInto('approval_policies')
    .values(sealerOf(db).sealed('approval_policies', row))
    .onConflict((oc) => oc.columns(['org_id', 'version']).doNothing())
    .execute();
}
