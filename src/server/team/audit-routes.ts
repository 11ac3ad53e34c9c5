import type { Context } from 'hono';
import { z } from 'zod';
import { toCsv } from '../../lib/csv';
import { errorBody, fieldErrorsFrom } from '../../node/error-body';
import type { AuditRow } from './audit';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD');
const auditQuerySchema = z.object({
  member: z.string().max(100).optional(),
  action: z.string().max(200).optional(),
  outcome: z.enum(['ok', 'refused', 'failed']).optional(),
  from: day.optional(),
  to: day.optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(200),
  format: z.enum(['json', 'csv']).optional(),
});

/** The Audit page's filters: member, action, outcome and a range of days (UTC, `to` inclusive). */
export function auditQuery(c: Context) {
  const result = auditQuerySchema.safeParse(c.req.query());
  if (!result.success) {
    return c.json(
      errorBody('invalid-request', 'Some filters are wrong', fieldErrorsFrom(result.error.issues)),
      400,
    );
  }
  const { member, action, outcome, from, to, before, limit } = result.data;
  const dayAfter = (date: string) =>
    new Date(new Date(`${date}T00:00:00Z`).getTime() + 86_400_000).toISOString();
  return {
    memberId: member || undefined,
    action: action || undefined,
    outcome,
    from: from ? new Date(`${from}T00:00:00Z`).toISOString() : undefined,
    to: to ? dayAfter(to) : undefined,
    before,
    limit,
  };
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
  'hash',
] as const satisfies readonly (keyof AuditRow)[];

/** The trail as a spreadsheet opens it (lib/csv.ts: RFC 4180, formula-looking cells kept as text). */
export function auditCsv(rows: AuditRow[]): string {
  return toCsv(
    CSV_COLUMNS,
    rows.map((row) => CSV_COLUMNS.map((column) => row[column])),
  );
}
