import type { ConsoleDb } from '../db/database';
import { type VerifyResult, verifyAudit } from './chain';
import { type AuditHead, type AuditHeadFile, formatHead } from './head-file';
import type { AuditKey } from './key';

/**
 * The trail's health as a server found it when it started: verified under the key and through the head noted outside
 * the database, said loudly when it does not hold, never repaired (audit:reseal is an operator's act).
 */

/** The command an operator runs, with the key, once the rows are as they should be: the trail is sealed again. */
export const RESEAL_COMMAND = 'npm run audit:reseal -- --i-understand-this-trusts-the-database';

/** What a server found of its trail when it started: verified under the key and through the head noted outside. */
export type TrailCheck = VerifyResult & {
  /** The head noted in the head file before this start (null: no file, or none in it yet). */
  noted: AuditHead | null;
  headFile: string | null;
  checkedAt: string;
};

/**
 * Verifies the whole chain under the key and, when a head was noted outside the database, that the chain still passes
 * through it. The server says what it found at each start; it never repairs anything (audit:reseal does, when an
 * operator runs it).
 */
export async function checkAuditTrail(
  db: ConsoleDb,
  key: AuditKey,
  headFile: AuditHeadFile | null,
  now = new Date(),
): Promise<TrailCheck> {
  let noted: AuditHead | null = null;
  let unreadable: string | null = null;
  try {
    noted = headFile?.read() ?? null;
  } catch (error) {
    unreadable = (error as Error).message;
  }
  const result = await verifyAudit(db, key, noted ? { expect: noted } : {});
  const at = { noted, headFile: headFile?.path ?? null, checkedAt: now.toISOString() };
  if (unreadable && result.ok) {
    return { ok: false, rows: result.rows, brokenAt: result.rows + 1, why: unreadable, ...at };
  }
  return { ...result, ...at };
}

/** What a start says of the trail: its head on stdout when it verifies, loudly on stderr when it does not. */
export function reportTrail(
  check: TrailCheck,
  out: { log: (line: string) => void; error: (line: string) => void } = console,
): void {
  if (check.ok) {
    const where = check.headFile
      ? `noted in ${check.headFile}`
      : 'no head file (AUDIT_HEAD_FILE): note it somewhere the database is not';
    out.log(
      `Audit trail: ${check.rows} rows verified under the audit key; head ${formatHead(check.head)} (${where}).`,
    );
    return;
  }
  const noted = check.noted
    ? ` The head noted before, ${formatHead(check.noted)}, stays in ${check.headFile}.`
    : '';
  for (const line of [
    '!'.repeat(100),
    `!! THE AUDIT TRAIL DOES NOT VERIFY: row ${check.brokenAt}: ${check.why} (${check.rows} rows verified before it).`,
    `!! Nothing was re-sealed or changed.${noted}`,
    '!! Find out what changed. Only when the rows are as they should be, an operator with the audit key runs',
    `!!   ${RESEAL_COMMAND}`,
    '!! Admins see this on the Audit page until a server starts with a trail that verifies.',
    '!'.repeat(100),
  ]) {
    out.error(line);
  }
}

/** What GET /audit/health answers: whether the trail verified at start, its head, or where it breaks and what to do. */
export function trailHealth(trail: TrailCheck | null) {
  if (!trail) return { checked: false };
  return {
    checked: true,
    ok: trail.ok,
    rows: trail.rows,
    checked_at: trail.checkedAt,
    head_file: trail.headFile,
    ...(trail.ok
      ? { head: formatHead(trail.head) }
      : { broken_at: trail.brokenAt, why: trail.why, reseal: RESEAL_COMMAND }),
  };
}
