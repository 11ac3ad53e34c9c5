import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The console's record of auto-refills it paused (src/server/wallets/refill-pauses.ts). */
export interface RefillPauseTables {
  /**
   * An app's auto-refill the console switched off at the service when the approval limit went below its amount (or
   * approvals were switched on above it): why, for the Treasury page, until a member sets the app's refill again.
   */
  refill_pauses: {
    org_id: string;
    app_id: string;
    app_name: string | null;
    /** The refill amount that was running, in cents; null when the service does not say (upstream). */
    amount_cents: number | null;
    /** The approval limit it was above, in cents. */
    limit_cents: number;
    paused_at: string;
  };
}

export type RefillPauseRow = RefillPauseTables['refill_pauses'];

export const refillPausesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('refill_pauses')
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('app_name', 'text')
      .addColumn('amount_cents', 'bigint')
      .addColumn('limit_cents', 'bigint', (c) => c.notNull())
      .addColumn('paused_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('refill_pauses_pk', ['org_id', 'app_id'])
      .execute();
  },
};
