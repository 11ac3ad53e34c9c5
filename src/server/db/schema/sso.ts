import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Single sign-on through the company's identity provider (src/server/sso/). */
export interface SsoTables {
  /**
   * A sign-in under way: what the browser that started it must bring back (its cookie names the row; the provider's
   * answer must carry the state), then, once the provider vouched for the person, the hash of the one-time handoff
   * code that the console's page exchanges for a session. Deleted when used or stale.
   */
  sso_attempts: {
    id: string;
    state: string;
    nonce: string;
    code_verifier: string;
    created_at: string;
    handoff_hash: string | null;
    /** JSON of what the provider said (SsoIdentity), once it did: never tokens in the clear (sso/vault.ts). */
    identity: string | null;
  };
  /** Which person of the provider (issuer and subject) is which member: sealed, since it opens a member's account. */
  sso_identities: {
    issuer: string;
    subject: string;
    member_id: string;
    org_id: string;
    linked_at: string;
    seal: string | null;
  };
  /**
   * A console session that the provider vouches for: its lifetime is the provider's (the tokens are re-checked every
   * OIDC_RECHECK_MS; a refusal ends the session), and a back-channel logout names it by subject or provider session.
   */
  sso_sessions: {
    secret_hash: string;
    member_id: string;
    issuer: string;
    subject: string;
    sid: string | null;
    /** The provider's tokens, encrypted under a key derived from the audit key (sso/vault.ts). */
    tokens: string;
    expires_at: string;
    checked_at: string;
  };
}

export type SsoAttemptRow = SsoTables['sso_attempts'];
export type SsoIdentityRow = SsoTables['sso_identities'];
export type SsoSessionRow = SsoTables['sso_sessions'];

/** A session opened through the provider remembers whether the provider checked a second factor (its amr/acr). */
export const sessionProviderMfaMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('provider_mfa', 'integer').execute();
  },
};

export const ssoMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sso_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('handoff_hash', 'text', (c) => c.unique())
      .addColumn('identity', 'text')
      .execute();
    await db.schema
      .createTable('sso_identities')
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('member_id', 'text', (c) => c.notNull().unique().references('members.id'))
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('linked_at', 'text', (c) => c.notNull())
      .addColumn('seal', 'text')
      .addPrimaryKeyConstraint('sso_identities_pk', ['issuer', 'subject'])
      .execute();
    await db.schema
      .createTable('sso_sessions')
      .addColumn('secret_hash', 'text', (c) => c.primaryKey())
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('sid', 'text')
      .addColumn('tokens', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('checked_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sso_sessions_by_subject')
      .on('sso_sessions')
      .columns(['issuer', 'subject'])
      .execute();
  },
};
