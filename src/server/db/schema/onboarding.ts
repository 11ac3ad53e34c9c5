import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The console's tables of onboarding links (the rules of src/server/onboarding/). */
export interface FlowLinkTables {
  /**
   * Each hosted flow a member made through the console: who made it, how its link left (mailed to the payee, or
   * answered to its maker), and whether it reached only the payee. Found by the SHA-256 of the link's token, never
   * the token itself (a bearer credential).
   */
  flow_links: {
    token_hash: string;
    flow_id: string;
    org_id: string;
    maker_id: string;
    /** The user it was made for; null for a new payee (the service links the user they become). */
    user_id: string | null;
    /** The step names, JSON. */
    steps: string;
    delivery: 'email' | 'copy';
    /** 1 when the link went only to the payee's own email (an existing user's, not set by a member lately). */
    payee_only: number;
    created_at: string;
    /** db/seals.ts (0014f-row-seals); null on a row written before, until the first start with it. */
    seal: string | null;
  };
  /** A user's email set by a member (a user made, or its email edited): a link mailed there is not the payee's alone. */
  member_set_emails: {
    org_id: string;
    user_id: string;
    member_id: string;
    set_at: string;
    seal: string | null;
  };
  /**
   * A new payee's details (their email among them) given through a link its maker could see, noted against the flow
   * at once: the user the service made of them is read later, where a link's reach is judged (onboarding/flow-links.ts),
   * and the note then moves to member_set_emails under that user. Until then it counts against any user it may be.
   */
  member_set_flow_emails: {
    org_id: string;
    flow_id: string;
    member_id: string;
    set_at: string;
    seal: string | null;
  };
}

export type FlowLinkRow = FlowLinkTables['flow_links'];
export type FlowEmailNoteRow = FlowLinkTables['member_set_flow_emails'];

export const flowLinksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('flow_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('flow_id', 'text', (c) => c.notNull())
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('maker_id', 'text', (c) => c.notNull().references('members.id'))
      .addColumn('user_id', 'text')
      .addColumn('steps', 'text', (c) => c.notNull())
      .addColumn('delivery', 'text', (c) => c.notNull())
      .addColumn('payee_only', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('flow_links_delivery', sql`delivery in ('email', 'copy')`)
      .addCheckConstraint('flow_links_payee_only', sql`payee_only in (0, 1)`)
      .execute();
    await db.schema
      .createTable('member_set_emails')
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
      .addColumn('set_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('member_set_emails_by_user')
      .on('member_set_emails')
      .columns(['org_id', 'user_id', 'set_at'])
      .execute();
  },
};

/** A maker's note of a new payee's email, kept by the flow until its user is known (sealed from the start). */
export const flowEmailNotesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_set_flow_emails')
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('flow_id', 'text', (c) => c.notNull())
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
      .addColumn('set_at', 'text', (c) => c.notNull())
      .addColumn('seal', 'text')
      .execute();
    await db.schema
      .createIndex('member_set_flow_emails_by_flow')
      .on('member_set_flow_emails')
      .columns(['org_id', 'flow_id'])
      .execute();
  },
};
