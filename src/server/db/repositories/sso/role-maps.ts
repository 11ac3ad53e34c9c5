import type { ConsoleDb } from '../../database';
import type { RoleMapRow } from '../../schema/sso-role-maps';
import { sealerOf } from '../../seals';

/** The role mapping in force for an organization (sso/role-map.ts), sealed as it is written. */

export type StoredRoleMap = { row: RoleMapRow; verified: boolean };

/** The stored mapping and whether it verifies; one that does not is reported (a line of the trail and stderr). */
export async function storedRoleMap(db: ConsoleDb, orgId: string): Promise<StoredRoleMap | undefined> {
  const row = await db.selectFrom('sso_role_maps').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return undefined;
  const violation = { table: 'sso_role_maps' as const, id: orgId, orgId };
  return { row, verified: sealerOf(db).verifies('sso_role_maps', row, violation) };
}

export async function saveRoleMap(db: ConsoleDb, map: Omit<RoleMapRow, 'seal'>): Promise<void> {
  const row = sealerOf(db).sealed('sso_role_maps', map);
  await db
    .insertInto('sso_role_maps')
    .values(row)
    .onConflict((oc) =>
      oc.column('org_id').doUpdateSet({
        groups: row.groups,
        changed_at: row.changed_at,
        issuer: row.issuer,
        groups_claim: row.groups_claim,
        version: row.version,
        seal: row.seal,
      }),
    )
    .execute();
}
