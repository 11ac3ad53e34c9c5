import { type Access, can, type Role } from '../../lib/roles';
import type { LiveChangeRow } from '../db/schema/live';
import type { ChangeKind } from './changes';

/** Who may read each kind of object, as its read declares it (live/routes.ts derives it from the route tables). */
export type ReadAccess = Record<ChangeKind, Access>;

/** Whether a member of the change's organization may be told of it: a notice only its member, else as its read. */
export function mayBeTold(
  access: ReadAccess,
  member: { id: string; role: Role },
  row: LiveChangeRow,
): boolean {
  if (row.kind === 'notice') return row.member_id === member.id;
  const needed = access[row.kind as ChangeKind] as Access | undefined;
  if (needed === undefined) return false;
  return needed === 'public' || needed === 'session' || can(member.role, needed);
}
