import { type Person, usersByName, usersOfRows } from '../../api/people-lookup';
import type { RowError } from '../../lib/file-engine/row-checks';
import type { RowMove } from './moves-file-rows';

/** A move the service knows the user of: the id it goes with and who it is, for the people who read. */
export interface ResolvedMove {
  row: number;
  userId: string;
  userName: string;
  userEmail: string | null;
  cents: number;
  direction: RowMove['direction'];
  metadata: Record<string, string>;
}

/**
 * Each row's user against the service: an id one of the organization's, an email or a full name exactly one user's.
 * Each distinct id, email and name is read once, eight at a time. A disabled user may still hold a wallet: a move to
 * or from it is the service's to refuse, and its answer is shown on the row.
 */
export async function resolveMoveUsers(
  moves: readonly RowMove[],
  options: { upstream: boolean },
): Promise<{ moves: ResolvedMove[]; errors: RowError[] }> {
  const names = [...new Set(moves.flatMap((move) => ('name' in move.user ? [move.user.name] : [])))];
  const [byName, byIdOrEmail] = await Promise.all([
    usersByName(names, options.upstream),
    usersOfRows(
      moves.flatMap((move) => ('name' in move.user ? [] : [move.user])),
      options.upstream,
    ),
  ]);
  const errors: RowError[] = [];
  const resolved: ResolvedMove[] = [];
  let next = 0;
  for (const move of moves) {
    let found: { person: Person } | { column: string; message: string };
    if ('name' in move.user) {
      const people = byName.get(move.user.name) ?? [];
      found =
        people.length === 1
          ? { person: people[0] as Person }
          : {
              column: 'user_name',
              message:
                people.length > 1
                  ? `${people.length} users have this name; give the user_id or user_email instead`
                  : options.upstream
                    ? 'no user has this name among the 100 most recent; give the user_id instead'
                    : 'no user has this name',
            };
    } else found = byIdOrEmail[next++] as { person: Person } | { column: string; message: string };
    if ('person' in found) {
      resolved.push({
        row: move.row,
        userId: found.person.id,
        userName: found.person.name,
        userEmail: found.person.email,
        cents: move.cents,
        direction: move.direction,
        metadata: move.metadata,
      });
    } else errors.push({ row: move.row, column: found.column, message: found.message });
  }
  return { moves: resolved, errors };
}
