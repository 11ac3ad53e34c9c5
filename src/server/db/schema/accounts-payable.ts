import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The console's tables of accounts payable (the rules of src/server/payables/). */
export interface AccountsPayableTables {
  /** Who approved a bill through the console, and the fingerprint of the payment method they were shown. */
  ap_bill_approvals: {
    id: string;
    org_id: string;
    bill_id: string;
    member_id: string;
    ap_user_id: number;
    method_fingerprint: string;
    at: string;
    /**
     * How many changes of what is paid the bill had when it was approved: one approval per member and round (a unique
     * index). Null on approvals noted before rounds were kept.
     */
    round?: number | null;
    /** HMAC of the row (db/seals.ts), written by the repository. */
    seal?: string | null;
  };
  /** A vendor's payment method added or deleted with approvals on: it waits for a second member. */
  ap_method_changes: {
    id: string;
    org_id: string;
    proposer_id: string;
    vendor_id: string;
    vendor_name: string;
    /** add or delete. */
    kind: string;
    /** The method deleted; for an add, the method made once it is confirmed. */
    method_id: string | null;
    /** The body of an add, held until it is decided (then cleared: it holds the whole account number). */
    body: string | null;
    /** The last four digits and the routing number, which the second member is shown. */
    mask: string;
    routing_number: string | null;
    /** pending, confirmed, rejected, failed. */
    status: string;
    decided_by: string | null;
    decided_at: string | null;
    reason: string | null;
    created_at: string;
    /** HMAC of the fields that decide where the money goes (db/seals.ts), written by the repository. */
    seal?: string | null;
  };
  /**
   * A bill changed through the console: who changed it, whether what is paid changed (amount, items, method or
   * vendor), and how many approvals the service's history held just before, so that approvals given before a change
   * of what is paid are known without comparing two clocks.
   */
  ap_bill_edits: {
    id: string;
    org_id: string;
    bill_id: string;
    member_id: string;
    ap_user_id: number;
    /** 1 when the amount, the items, the method or the vendor changed; else 0. */
    material: number;
    approvals_before: number;
    at: string;
    /** db/seals.ts (0014f-row-seals). */
    seal: string | null;
  };
  /**
   * Which member made a bill through the console (and as which AP user): upstream a member's AP user can be linked
   * anew, so the rules of approval and payment compare members, not only the AP users the service names.
   */
  ap_bill_creations: {
    org_id: string;
    bill_id: string;
    member_id: string;
    ap_user_id: number;
    at: string;
    /** db/seals.ts, written by the repository. */
    seal: string | null;
  };
}

export const accountsPayableMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ap_bill_approvals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('bill_id', 'text', (c) => c.notNull())
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
      .addColumn('ap_user_id', 'integer', (c) => c.notNull())
      .addColumn('method_fingerprint', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ap_bill_approvals_by_bill')
      .on('ap_bill_approvals')
      .columns(['org_id', 'bill_id'])
      .execute();
    await db.schema
      .createTable('ap_method_changes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('proposer_id', 'text', (c) => c.notNull().references('members.id'))
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('vendor_name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', ['add', 'delete'])))
      .addColumn('method_id', 'text')
      .addColumn('body', 'text')
      .addColumn('mask', 'text', (c) => c.notNull())
      .addColumn('routing_number', 'text')
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sqlIn('status', ['pending', 'confirmed', 'rejected', 'failed'])),
      )
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'text')
      .addColumn('reason', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ap_method_changes_by_org')
      .on('ap_method_changes')
      .columns(['org_id', 'status', 'created_at'])
      .execute();
  },
};

/** Who last changed a bill, and whether it voided the approvals given before (payables/approvals-that-count). */
export const billEditsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ap_bill_edits')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('bill_id', 'text', (c) => c.notNull())
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
      .addColumn('ap_user_id', 'integer', (c) => c.notNull())
      .addColumn('material', 'integer', (c) => c.notNull().check(sql`material in (0, 1)`))
      .addColumn('approvals_before', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ap_bill_edits_by_bill')
      .on('ap_bill_edits')
      .columns(['org_id', 'bill_id', 'at'])
      .execute();
  },
};

/** Who made each bill through the console (payables/judges/: the same person under another AP user). */
export const billCreationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ap_bill_creations')
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('bill_id', 'text', (c) => c.notNull())
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
      .addColumn('ap_user_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('seal', 'text')
      .addPrimaryKeyConstraint('ap_bill_creations_pk', ['org_id', 'bill_id'])
      .execute();
  },
};

/** One approval per member and round of a bill (payables/judges/approve.ts): two sent at once are one. */
export const billApprovalRoundsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('ap_bill_approvals').addColumn('round', 'integer').execute();
    await db.schema
      .createIndex('ap_bill_approvals_one_per_round')
      .on('ap_bill_approvals')
      .columns(['org_id', 'bill_id', 'member_id', 'round'])
      .unique()
      .execute();
  },
};

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
