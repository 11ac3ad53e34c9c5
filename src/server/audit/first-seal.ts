import { transaction } from '../db/database';
import { hasAction, holdHead } from '../db/repositories/audit-trail';
import { sealEveryRow } from '../db/repositories/sealing';
import type { Team } from '../team';
import { appendAuditIn, consoleEntry } from './chain';

/**
 * The first start with seals (db/seals.ts) seals every row as it is, once: a line `integrity.seal` in the trail says
 * it was done, and since no database writer can remove a line without the chain failing, a seal emptied later is never
 * made again by a restart (it does not verify, and its row is taken as absent). The first sealing trusts the rows as
 * they are at that moment, as a trail's re-seal does: what a database writer changed before it is vouched for.
 * Skipped while the trail does not verify: nothing is vouched for on a trail that was tampered with.
 */
export async function sealOnce(team: Team): Promise<{ sealed: number } | null> {
  const db = team.database.db;
  if (!team.trail?.ok || (await hasAction(db, 'integrity.seal'))) return null;
  const done = await transaction(db, async (trx) => {
    // Two servers starting at once: the head held first, the second finds the first's line and seals nothing.
    await holdHead(trx);
    if (await hasAction(trx, 'integrity.seal')) return null;
    const sealed = await sealEveryRow(trx);
    const head = await appendAuditIn(
      trx,
      team.auditKey,
      {
        ...consoleEntry('', 'integrity.seal', [], {
          status: 200,
          detail: `Sealed ${sealed} rows as they were, at the first start with seals; sessions ended`,
        }),
        orgId: null,
        role: 'console',
      },
      team.now(),
      team.auditWitness,
    );
    return { sealed, head };
  });
  if (!done) return null;
  team.noteHead(done.head);
  return { sealed: done.sealed };
}
