import type { Context } from 'hono';
import { z } from 'zod';
import { AUDIT_ACTION_NAMES, type AuditAction } from '../../lib/audit-actions';
import { fieldErrorsFrom } from '../../node/error-body';
import { invalidFilters, Refusal } from '../errors';
import { teamRoute } from '../pipeline/route';
import { trailHealth } from './health';
import { auditCsv, auditLines } from './trail';

/** A calendar day that exists: 2020-13-45 is refused, not turned into an exception. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Not a date of the calendar');
const auditQuerySchema = z.object({
  member: z.string().max(100).optional(),
  action: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]], 'Not an action of the trail').optional(),
  ),
  outcome: z.enum(['ok', 'refused', 'failed']).optional(),
  from: day.optional(),
  to: day.optional(),
  // A sequence number: PostgreSQL's integer, so that a larger one is a 400 at its field, never a database error.
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(200),
  format: z.enum(['json', 'csv']).optional(),
});

/** The Audit page's filters: member, action, outcome and a range of days (UTC, `to` inclusive). */
export function auditQuery(c: Context) {
  const result = auditQuerySchema.safeParse(c.req.query());
  if (!result.success) {
    return invalidFilters(fieldErrorsFrom(result.error.issues));
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

/**
 * The trail of the admin's organization, newest first, as JSON or CSV; and what this server found of the whole chain
 * when it started (verified under the key and through the head noted outside the database, or where it breaks).
 */
export const auditRoutes = [
  teamRoute({
    method: 'GET',
    path: '/audit/health',
    access: 'admin',
    action: 'audit.health',
    handle({ c, team }) {
      return c.json(trailHealth(team.trail));
    },
  }),
  teamRoute({
    method: 'GET',
    path: '/audit',
    access: 'admin',
    action: 'audit.list',
    async handle({ c, member, team }) {
      const query = auditQuery(c);
      if (query instanceof Refusal) return query;
      const rows = await auditLines(team, member.organization.id, query);
      if (c.req.query('format') === 'csv') {
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', 'attachment; filename="audit.csv"');
        return c.body(auditCsv(rows));
      }
      return c.json({ data: rows });
    },
  }),
];
