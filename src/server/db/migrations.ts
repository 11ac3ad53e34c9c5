import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  accountsPayableMigration,
  billApprovalRoundsMigration,
  billCreationsMigration,
  billEditsMigration,
} from './schema/accounts-payable';
import { apTeamMigration } from './schema/accounts-payable-team';
import { serviceEventsMigration, serviceObjectDetailMigration } from './schema/events';
import { liveChangesMigration, noticeReadsMigration } from './schema/live';
import { flowEmailNotesMigration, flowLinksMigration } from './schema/onboarding';
import { sessionProviderMfaMigration, ssoMigration } from './schema/sso';
import { passwordRuleMigration, passwordRuleSealsMigration } from './schema/sso-password-rules';
import { roleMapMigration, roleMapSourcesMigration } from './schema/sso-role-maps';
import {
  requestEndSealsMigration,
  requestKeysDroppedMigration,
  requestKeysMigration,
  requestSealsMigration,
} from './schema/team-controls';
import { invitationSealsMigration, rowSealsMigration } from './schema/team-row-seals';
import { refillPausesMigration } from './schema/wallets';

/**
 * The columns a request that waits for a second person has after its own (db/repositories/team/request-lifecycle.ts):
 * its status, who decided it and why, and when it was made, is due and was decided. Team requests and payee requests
 * have them; a new kind of request adds them the same way.
 */
function decisionColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text');
}

/** The statuses of such a request (lib/team-changes.ts), as the table's CHECK. */
const REQUEST_STATUS_CHECK = sql`status in ('pending', 'applied', 'rejected', 'withdrawn', 'expired', 'void')`;

/**
 * The console database's schema, one step per entry, applied in name order and recorded by Kysely's migrator. Only
 * types both SQLite and PostgreSQL read alike: text, integer.
 */
export const migrations: Record<string, Migration> = {
  '0001-team': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('organizations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull().unique())
        .addColumn('sandbox_api_key', 'text')
        .addColumn('batch_secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('members')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('totp_secret', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text')
        .execute();
      await db.schema.createIndex('members_by_org').on('members').column('org_id').execute();
      await db.schema
        .createTable('sessions')
        .addColumn('secret_hash', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_by_member').on('sessions').column('member_id').execute();
      await db.schema
        .createTable('invitations')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
        .addColumn('member_id', 'text', (c) => c.references('members.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('audit_events')
        .addColumn('seq', 'integer', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('org_id', 'text')
        .addColumn('member_id', 'text')
        .addColumn('email', 'text')
        .addColumn('role', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('targets', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('request_id', 'text')
        .addColumn('client_address', 'text')
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();
      // Sign-in failures are counted from the trail, per email and per address, over a recent window.
      await db.schema
        .createIndex('audit_by_email')
        .on('audit_events')
        .columns(['action', 'email', 'at'])
        .execute();
      await db.schema
        .createIndex('audit_by_address')
        .on('audit_events')
        .columns(['action', 'client_address', 'at'])
        .execute();
      await db.schema.createIndex('audit_by_org').on('audit_events').columns(['org_id', 'seq']).execute();
      await db.schema
        .createTable('audit_head')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();
      await (db as Kysely<{ audit_head: { id: number; seq: number; hash: string } }>)
        .insertInto('audit_head')
        .values({ id: 1, seq: 0, hash: '0'.repeat(64) })
        .execute();
    },
  },
  '0002-approvals': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('approval_policies')
        .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('limit_cents', 'integer', (c) => c.notNull())
        .addColumn('approvals_needed', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('proposed_by', 'text')
        .addColumn('confirmed_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('approval_policies_pk', ['org_id', 'version'])
        .execute();
      await db.schema
        .createTable('approval_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('maker_id', 'text', (c) => c.notNull().references('members.id'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('body_hash', 'text', (c) => c.notNull())
        .addColumn('file_sha256', 'text')
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('row_count', 'integer', (c) => c.notNull())
        .addColumn('policy_version', 'integer', (c) => c.notNull())
        .addColumn('approvals_needed', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('approval_requests_by_status')
        .on('approval_requests')
        .columns(['org_id', 'status'])
        .execute();
      await db.schema
        .createTable('approval_decisions')
        .addColumn('request_id', 'text', (c) => c.notNull().references('approval_requests.id'))
        .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('approval_decisions_pk', ['request_id', 'member_id'])
        .execute();
    },
  },
  '0003-audit-detail': {
    async up(db: Kysely<unknown>) {
      // A sentence a member wrote for others (a rejection's reason): part of the row and of its hash.
      await db.schema.alterTable('audit_events').addColumn('detail', 'text').execute();
    },
  },
  '0004-approval-warnings': {
    async up(db: Kysely<unknown>) {
      // The warnings the maker ticked before submitting a file (a repeated row, a payer paid the same today).
      await db.schema.alterTable('approval_requests').addColumn('warnings', 'text').execute();
    },
  },
  '0005-one-waiting-request-per-body': {
    async up(db: Kysely<unknown>) {
      // A maker's same body waits once: two submissions at the same moment (two servers, two tabs) make one request.
      await db.schema
        .createIndex('approval_requests_waiting_body')
        .on('approval_requests')
        .columns(['org_id', 'maker_id', 'body_hash'])
        .unique()
        .where(sql.ref('status'), '=', 'pending')
        .execute();
    },
  },
  '0006-no-one-alone': {
    async up(db: Kysely<unknown>) {
      // From when a member's approvals count: the moment they last became an active member of a paying role, or their
      // credentials were last reset. Null while they cannot approve.
      await db.schema.alterTable('members').addColumn('approver_since', 'text').execute();
      await sql`update members set approver_since = created_at where status = 'active' and role in ('finance', 'admin')`.execute(
        db,
      );
      // A secret the server made for an enrolment that is not confirmed yet.
      await db.schema.alterTable('members').addColumn('totp_pending_secret', 'text').execute();
      // The executor that runs a request, and until when its claim holds (renewed while it runs).
      await db.schema.alterTable('approval_requests').addColumn('executor_id', 'text').execute();
      await db.schema.alterTable('approval_requests').addColumn('lease_until', 'text').execute();
      await db.schema
        .alterTable('approval_policies')
        .addColumn('member_daily_limit_cents', 'integer')
        .execute();
      // An amount a line is about (a payment's), part of the row and of its hash.
      await db.schema.alterTable('audit_events').addColumn('amount_cents', 'integer').execute();
      // Which key the chain is written with (an HMAC of a fixed text): a server with another key refuses to start.
      await db.schema.alterTable('audit_head').addColumn('key_check', 'text').execute();
      // Policy proposals are team requests now.
      await sql`update approval_policies set status = 'withdrawn' where status = 'proposed'`.execute(db);
      await db.schema
        .createTable('team_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('proposer_id', 'text', (c) => c.notNull().references('members.id'))
        .addColumn('target_member_id', 'text', (c) => c.references('members.id'))
        .addColumn('payload', 'text', (c) => c.notNull())
        .$call(decisionColumns)
        .addCheckConstraint(
          'team_requests_kind',
          sql`kind in ('invite', 'role', 'enable', 'disable', 'password-reset', 'totp-reset', 'policy')`,
        )
        .addCheckConstraint('team_requests_status', REQUEST_STATUS_CHECK)
        .execute();
      await db.schema
        .createIndex('team_requests_by_status')
        .on('team_requests')
        .columns(['org_id', 'status'])
        .execute();
      // What each member moved alone (not through an approval), counted by the server as it forwards: the daily limit
      // is judged on it. A reservation is written before the money is sent and removed if it was refused.
      await db.schema
        .createTable('member_spend')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
        .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('file_id', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('member_spend_by_member')
        .on('member_spend')
        .columns(['member_id', 'at'])
        .execute();
      await db.schema
        .createIndex('member_spend_by_file')
        .on('member_spend')
        .columns(['org_id', 'file_id', 'at'])
        .execute();
      // One first-admin link at a time per organization: two servers starting at once make one.
      await db.schema
        .createIndex('invitations_one_first_admin')
        .on('invitations')
        .columns(['org_id', 'purpose'])
        .unique()
        .where(sql.ref('used_at'), 'is', null)
        .where(sql.ref('purpose'), '=', 'first-admin')
        .execute();
    },
  },
  '0007-links-bound-and-held-accounts': {
    async up(db: Kysely<unknown>) {
      // A one-time link is bound to what it grants: the member's role and email when it was made. Links still open are
      // bound to what their member is now.
      await db.schema.alterTable('invitations').addColumn('role', 'text').execute();
      await db.schema.alterTable('invitations').addColumn('email', 'text').execute();
      await sql`update invitations set role = (select role from members where members.id = invitations.member_id), email = (select email from members where members.id = invitations.member_id) where member_id is not null`.execute(
        db,
      );
      // The admin a link was shown to (no mail), who could open it as well as its member; null when it was mailed.
      await db.schema.alterTable('invitations').addColumn('shown_to', 'text').execute();
      // Whose hands the member's password passed through: the admin the link that set it was shown to, and when.
      await db.schema.alterTable('members').addColumn('password_link_shown_to', 'text').execute();
      await db.schema.alterTable('members').addColumn('password_set_at', 'text').execute();
      // After a password or authenticator reset, until when the member's money waits for approval, and the admins
      // who asked for the reset or confirmed it (space-separated ids), who do not approve it meanwhile.
      await db.schema.alterTable('members').addColumn('held_until', 'text').execute();
      await db.schema.alterTable('members').addColumn('held_by', 'text').execute();
      // Members whose approval of this request does not count (space-separated ids): a held maker's resetters.
      await db.schema.alterTable('approval_requests').addColumn('excluded_approvers', 'text').execute();
    },
  },
  '0008-request-origin': {
    async up(db: Kysely<unknown>) {
      // Where the maker submitted a request (the console's origin): what its mail links to when the sweep, not a
      // request, expires it.
      await db.schema.alterTable('approval_requests').addColumn('origin', 'text').execute();
    },
  },
  '0009-spend-by-hour': {
    async up(db: Kysely<unknown>) {
      // What members and files moved alone, as a counter per clock hour instead of a row per payment: the daily limit
      // reads at most 25 counters whatever the day holds, and a payment adds to one. The rows so far become counters.
      await db.schema
        .createTable('spend_hours')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('hour', 'text', (c) => c.notNull())
        .addColumn('cents', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('spend_hours_key', ['scope', 'owner', 'hour'])
        .addCheckConstraint('spend_hours_scope', sql`scope in ('member', 'file')`)
        .execute();
      await sql`insert into spend_hours (scope, owner, hour, cents)
        select 'member', member_id, substr(at, 1, 13), sum(amount_cents) from member_spend
        group by member_id, substr(at, 1, 13)`.execute(db);
      await sql`insert into spend_hours (scope, owner, hour, cents)
        select 'file', org_id || ':' || file_id, substr(at, 1, 13), sum(amount_cents) from member_spend
        where file_id is not null group by org_id, file_id, substr(at, 1, 13)`.execute(db);
      await db.schema.dropTable('member_spend').execute();
    },
  },
  '0010-seals': {
    async up(db: Kysely<unknown>) {
      // Each row that decides power or money carries a seal (an HMAC of its deciding fields under a key the database
      // never holds, db/seals.ts). Rows written before are sealed once, at the first start with the key, which writes
      // integrity.seal in the trail (audit/first-seal.ts); a seal left empty after that does not verify.
      for (const table of [
        'members',
        'approval_policies',
        'approval_requests',
        'approval_decisions',
        'team_requests',
      ]) {
        await db.schema.alterTable(table).addColumn('seal', 'text').execute();
      }
      // The last time step of a TOTP code accepted from the member: a code of that step or before is refused.
      await db.schema.alterTable('members').addColumn('totp_last_step', 'integer').execute();
    },
  },
  '0011-cents-bigint': {
    async up(db: Kysely<unknown>) {
      // Cents above 2^31 (a $30,000,000 file, a policy's limit) did not fit PostgreSQL's integer: every cents column is
      // a bigint there, read back as a JS number (database.ts). SQLite's integer is 64 bits already.
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      for (const [table, column] of [
        ['approval_policies', 'limit_cents'],
        ['approval_policies', 'member_daily_limit_cents'],
        ['approval_requests', 'amount_cents'],
        ['audit_events', 'amount_cents'],
        ['spend_hours', 'cents'],
      ] as const) {
        await db.schema
          .alterTable(table)
          .alterColumn(column, (c) => c.setDataType('bigint'))
          .execute();
      }
    },
  },
  '0012-payee-requests': {
    async up(db: Kysely<unknown>) {
      // Where a payee's money goes, changed by a member and waiting for a second one (payees/): the change as the
      // service takes it (an account number whole only while it may still be applied, masked when the request ends),
      // and what the approver is shown, masked: the payee's methods before and the one after.
      await db.schema
        .createTable('payee_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
        .addColumn('proposer_id', 'text', (c) => c.notNull().references('members.id'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('before_methods', 'text', (c) => c.notNull())
        .addColumn('after_method', 'text', (c) => c.notNull())
        .addColumn('payee_name', 'text', (c) => c.notNull())
        .addColumn('ticket', 'text')
        .$call(decisionColumns)
        .addCheckConstraint(
          'payee_requests_operation',
          sql`operation in ('add-payout-method', 'set-default')`,
        )
        .addCheckConstraint('payee_requests_status', REQUEST_STATUS_CHECK)
        .execute();
      await db.schema
        .createIndex('payee_requests_by_status')
        .on('payee_requests')
        .columns(['org_id', 'status'])
        .execute();
    },
  },
  '0013-accounts-payable': accountsPayableMigration,
  '0014a-bill-edits': billEditsMigration,
  '0014b-ap-user-links-and-policy-requests': apTeamMigration,
  '0014d-flow-links': flowLinksMigration,
  '0014e-approval-request-keys': requestKeysMigration,
  '0014e-request-seals': requestSealsMigration,
  '0014f-row-seals': rowSealsMigration,
  '0015-flow-email-notes': flowEmailNotesMigration,
  '0015-refill-pauses': refillPausesMigration,
  '0015a-bill-creations': billCreationsMigration,
  '0015b-bill-approval-rounds': billApprovalRoundsMigration,
  '0016s-invitation-seals': invitationSealsMigration,
  '0016s-request-keys-dropped': requestKeysDroppedMigration,
  '0017-single-sign-on': ssoMigration,
  '0017a-session-provider-mfa': sessionProviderMfaMigration,
  '0018e-service-events': serviceEventsMigration,
  '0018l-live-changes': liveChangesMigration,
  '0018s-request-end-seals': requestEndSealsMigration,
  '0019s-password-rules': passwordRuleMigration,
  '0020n-notice-reads': noticeReadsMigration,
  '0020s-password-rule-seals': passwordRuleSealsMigration,
  '0020x-sso-role-maps': roleMapMigration,
  '0021p-sso-role-map-sources': roleMapSourcesMigration,
  '0022e-service-object-details': serviceObjectDetailMigration,
};
