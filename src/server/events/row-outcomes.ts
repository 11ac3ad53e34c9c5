import type { ConsoleDb } from '../db/database';
import { serviceObjectsOf } from '../db/repositories/events/service-events';

export interface RowOutcome {
  index: number;
  transfer_id: string;
  /** The transfer's status as the service's events (or a sweep) last told it; null until one has. */
  status: string | null;
  changed_at: string | null;
}

/**
 * Where the money of each paid row of an executed request is now: its transfer's status as events told it (a payment
 * completed days later, or returned), beside what the run recorded when it paid.
 */
export async function rowOutcomesOf(db: ConsoleDb, orgId: string, result: unknown): Promise<RowOutcome[]> {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return [];
  const paid = rows.flatMap((row: { index?: unknown; transfer_id?: unknown }) =>
    typeof row.transfer_id === 'string' && typeof row.index === 'number'
      ? [{ index: row.index, transfer_id: row.transfer_id }]
      : [],
  );
  const known = new Map(
    (
      await serviceObjectsOf(
        db,
        orgId,
        'transfer',
        paid.map((p) => p.transfer_id),
      )
    ).map((o) => [o.object_id, o]),
  );
  return paid.map((p) => ({
    ...p,
    status: known.get(p.transfer_id)?.status ?? null,
    changed_at: known.get(p.transfer_id)?.changed_at ?? null,
  }));
}
