import { transaction } from '../db/database';
import { hasAction, holdHead } from '../db/repositories/team/audit-trail';
import {
  sealEveryRow,
  sealInvitationRows,
  sealLinkRows,
  sealPasswordRuleRows,
  sealRequestEnds,
  sealRequestRows,
} from '../db/repositories/team/sealing';
import type { Team } from '../team';
import { appendAuditIn, consoleEntry } from './chain';

/**
 * The first start with seals (db/seals.ts) seals every row as it is, once: a line `integrity.seal` in the trail says
 * it was done, and since no database writer can remove a line without the chain failing, a seal emptied later is never
 * made again by a restart (it does not verify, and its row is taken as absent). The first sealing trusts the rows as
 * they are at that moment, as a trail's re-seal does: what a database writer changed before it is vouched for.
 * Skipped while the trail does not verify: nothing is vouched for on a trail that was tampered with.
 */
/**
 * Each generation of seals is sealed once, by a line of its own: the rows that decide power and money first (sessions
 * ended), then the requests sealed since (payees', vendors' bank details, bills' approvals), whose rows a database
 * that was sealed before holds unsealed.
 */
const GENERATIONS = [
  {
    action: 'integrity.seal',
    seal: sealEveryRow,
    said: (n: number) => `Sealed ${n} rows as they were, at the first start with seals; sessions ended`,
  },
  {
    action: 'integrity.seal.requests',
    seal: sealRequestRows,
    said: (n: number) =>
      `Sealed ${n} payee requests, bill approvals and vendor method changes as they were, at the first start with their seals`,
  },
  {
    action: 'integrity.seal.links',
    seal: sealLinkRows,
    said: (n: number) =>
      `Sealed ${n} onboarding links, members' email notes, bill edits and AP user links as they were, at the first start with their seals`,
  },
  {
    action: 'integrity.seal.invitations',
    seal: sealInvitationRows,
    said: (n: number) =>
      `Sealed ${n} one-time links (invitations, resets, first admins') as they were, at the first start with their seals`,
  },
  {
    action: 'integrity.seal.ends',
    seal: sealRequestEnds,
    said: (n: number) =>
      `Sealed the ends of ${n} approval requests as they were, at the first start with their seals`,
  },
  {
    action: 'integrity.seal.password-rules',
    seal: sealPasswordRuleRows,
    said: (n: number) => `Sealed ${n} password rules as they were, at the first start with their seals`,
  },
] as const;

export async function sealOnce(team: Team): Promise<{ sealed: number } | null> {
  const db = team.database.db;
  if (!team.trail?.ok) return null;
  let sealed: number | null = null;
  for (const generation of GENERATIONS) {
    if (await hasAction(db, generation.action)) continue;
    const done = await transaction(db, async (trx) => {
      // Two servers starting at once: the head held first, the second finds the first's line and seals nothing.
      await holdHead(trx);
      if (await hasAction(trx, generation.action)) return null;
      const count = await generation.seal(trx);
      const head = await appendAuditIn(
        trx,
        team.auditKey,
        {
          ...consoleEntry('', generation.action, [], { status: 200, detail: generation.said(count) }),
          orgId: null,
          role: 'console',
        },
        team.now(),
        team.auditWitness,
      );
      return { count, head };
    });
    if (!done) continue;
    team.noteHead(done.head);
    sealed = (sealed ?? 0) + done.count;
  }
  return sealed === null ? null : { sealed };
}
