import { toCsv } from '../../lib/csv';
import type { AuditFilter } from '../db/repositories/team/audit-trail';
import * as auditRows from '../db/repositories/team/audit-trail';
import type { AuditRow } from '../db/schema/team';
import type { Team } from '../team';

/** The trail as the Audit page reads it: an organization's lines, newest first, filtered; and as a spreadsheet. */

export function auditLines(
  team: Team,
  orgId: string,
  filter: Omit<AuditFilter, 'orgId'>,
): Promise<AuditRow[]> {
  return auditRows.listAuditRows(team.database.db, { ...filter, orgId });
}

const CSV_COLUMNS = [
  'seq',
  'at',
  'member_id',
  'email',
  'role',
  'action',
  'targets',
  'outcome',
  'status',
  'request_id',
  'client_address',
  'detail',
  'amount_cents',
  'hash',
] as const satisfies readonly (keyof AuditRow)[];

/** The trail as a spreadsheet opens it (lib/csv.ts: RFC 4180, formula-looking cells kept as text). */
export function auditCsv(rows: AuditRow[]): string {
  return toCsv(
    CSV_COLUMNS,
    rows.map((row) => CSV_COLUMNS.map((column) => row[column])),
  );
}
