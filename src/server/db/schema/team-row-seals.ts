import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Seals on the rows that decide money without being requests: an onboarding link's reach (payee_only), a user's email
 * set by a member, a bill's edits (which void its approvals) and which AP user a member acts as (db/seals.ts).
 */
export const rowSealsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['flow_links', 'member_set_emails', 'ap_bill_edits']) {
      await db.schema.alterTable(table).addColumn('seal', 'text').execute();
    }
  },
};

/**
 * Seals on one-time links (invitations, resets, the first admin's): a link a database writer inserts for a token of
 * their choosing opens nothing. Rows written before are sealed once, as they are, at the first start with these seals.
 */
export const invitationSealsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invitations').addColumn('seal', 'text').execute();
  },
};
