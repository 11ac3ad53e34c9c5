import type { TeamRequestKind, TeamRequestStatus } from '../../../lib/team-changes';
import type { AccountsPayableTables } from './accounts-payable';
import type { ApTeamTables } from './accounts-payable-team';
import type { ServiceEventTables } from './events';
import type { LiveChangeTables } from './live';
import type { FlowLinkTables } from './onboarding';
import type { SsoTables } from './sso';
import type { PasswordRuleTables } from './sso-password-rules';
import type { RoleMapTables } from './sso-role-maps';
import type { ControlsTables } from './team-controls';
import type { RefillPauseTables } from './wallets';

/** Whose spending a counter holds: a member's alone, or a file's rows. */
export type SpendScope = 'member' | 'file';

/**
 * The console's own state (organizations it acts for, members, sessions, invitations, the audit trail), on SQLite
 * by default or on PostgreSQL when several console servers share it. Times are ISO-8601 UTC strings, which sort as
 * text on both.
 */
export interface ConsoleTables
  extends AccountsPayableTables,
    ControlsTables,
    ApTeamTables,
    FlowLinkTables,
    SsoTables,
    PasswordRuleTables,
    RoleMapTables,
    RefillPauseTables,
    ServiceEventTables,
    LiveChangeTables {
  organizations: {
    id: string;
    name: string;
    client_id: string;
    /** Sandbox mode only: the sandbox tenant's key (no real money). Upstream, the key lives in the environment. */
    sandbox_api_key: string | null;
    /** Random, made once: batch row keys derive from it, so that any member's re-upload finds the same keys. */
    batch_secret: string;
    created_at: string;
  };
  members: {
    id: string;
    org_id: string;
    email: string;
    name: string;
    role: string;
    /** invited (no password yet), active, disabled. */
    status: string;
    password_hash: string | null;
    totp_secret: string | null;
    /** A secret the server made for an enrolment not yet confirmed with a code. */
    totp_pending_secret: string | null;
    created_at: string;
    last_seen_at: string | null;
    /**
     * From when this member's approvals count: when they last became an active member of a paying role, or their
     * credentials were last reset. Null while they cannot approve.
     */
    approver_since: string | null;
    /** The admin the one-time link that set this password was shown to (no mail then): they may know it. */
    password_link_shown_to: string | null;
    password_set_at: string | null;
    /** After a password or authenticator reset: until when every payment of the member waits for approval. */
    held_until: string | null;
    /** The admins who asked for that reset or confirmed it (space-separated ids): they do not approve it meanwhile. */
    held_by: string | null;
    /** The time step of the last TOTP code accepted (30 s steps since the epoch): no code of it or before again. */
    totp_last_step?: number | null;
    /** HMAC of the fields above that decide power (db/seals.ts), written by the repository. */
    seal?: string | null;
  };
  sessions: {
    /** An HMAC of the member's id and the secret the browser holds (db/seals.ts); the secret itself is never stored. */
    secret_hash: string;
    member_id: string;
    created_at: string;
    last_used_at: string;
    /** 1 when the company's identity provider said it checked a second factor at this sign-in (sso/); else null. */
    provider_mfa?: number | null;
  };
  invitations: {
    token_hash: string;
    org_id: string;
    /** Null for the first admin's link: that person names themself. */
    member_id: string | null;
    /** invite, reset or first-admin. */
    purpose: string;
    expires_at: string;
    /** Spent: used, or revoked (the member's role, status or email changed, or another link was made). */
    used_at: string | null;
    /** What the link grants: its member's role and email when it was made. Null for the first admin's. */
    role: string | null;
    email: string | null;
    /** The admin it was shown to (no mail), who could open it too; null when it went by mail or to the log. */
    shown_to: string | null;
    /** HMAC of what the link opens (db/seals.ts), written by the repository: a row a database writer made opens nothing. */
    seal?: string | null;
  };
  audit_events: {
    seq: number;
    at: string;
    org_id: string | null;
    member_id: string | null;
    email: string | null;
    role: string | null;
    action: string;
    targets: string;
    outcome: string;
    status: number;
    request_id: string | null;
    client_address: string | null;
    /** A reason a member gave (a rejection's), or null. */
    detail: string | null;
    /** The amount the line is about, in cents, or null. */
    amount_cents: number | null;
    prev_hash: string;
    hash: string;
  };
  /** One row: the chain's last sequence number and hash. Every append updates it first, which serializes appends. */
  audit_head: {
    id: number;
    seq: number;
    hash: string;
    /** An HMAC of a fixed text under the audit key: which key the chain is written with (null before keys). */
    key_check: string | null;
  };
  /** Every version of an organization's approval policy: active, proposed (waiting for a second admin), superseded. */
  approval_policies: {
    org_id: string;
    version: number;
    enabled: number;
    limit_cents: number;
    approvals_needed: number;
    /** What one member may move alone in 24 hours (cents); null: no such limit. */
    member_daily_limit_cents: number | null;
    status: string;
    proposed_by: string | null;
    confirmed_by: string | null;
    created_at: string;
    seal?: string | null;
  };
  /**
   * Money waiting for a second member: the exact body (a payment's, or a batch's rows with their keys) and its hash;
   * pending → approved → executing → executed, partly-executed or failed; or rejected, expired.
   */
  approval_requests: {
    id: string;
    org_id: string;
    kind: string;
    maker_id: string;
    body: string;
    body_hash: string;
    file_sha256: string | null;
    amount_cents: number;
    row_count: number;
    policy_version: number;
    approvals_needed: number;
    status: string;
    result: string | null;
    /** JSON: the warnings the maker ticked (a file's), shown to the approvers; null for none. */
    warnings: string | null;
    created_at: string;
    expires_at: string;
    updated_at: string;
    /** The console server running it (executing), and until when that claim holds unless renewed. */
    executor_id: string | null;
    lease_until: string | null;
    /** Members whose approval does not count (space-separated ids): the admins who reset a held maker's credentials. */
    excluded_approvers: string | null;
    /** The console's origin the maker submitted it at: its mail links there. Null for a request made before. */
    origin: string | null;
    seal?: string | null;
    /** The server's seal of its ended status (db/seals.ts `endSeal`); null while it is open. */
    end_seal?: string | null;
  };
  approval_decisions: {
    request_id: string;
    member_id: string;
    decision: string;
    reason: string | null;
    at: string;
    seal?: string | null;
  };
  /**
   * A change of the team that grants power (an approver, an admin, another member's credentials, the policy): with two
   * or more active admins it waits here for another admin to confirm it.
   */
  team_requests: {
    id: string;
    org_id: string;
    kind: TeamRequestKind;
    /** No member where the environment proposed it (a raise of OIDC_ROLE_MAP, sso/role-map.ts). */
    proposer_id: string | null;
    target_member_id: string | null;
    /** JSON: what the change is (an invitation's email, name and role; a role; a policy). */
    payload: string;
    status: TeamRequestStatus;
    decided_by: string | null;
    reason: string | null;
    created_at: string;
    expires_at: string;
    decided_at: string | null;
    seal?: string | null;
  };
  /**
   * What each member, and each file's rows, moved alone (cents), as the server forwarded it: one counter per clock
   * hour (`2026-11-27T14`, UTC), which the daily limit and a file's total are judged on.
   */
  spend_hours: {
    scope: SpendScope;
    /** A member's id, or `<org id>:<file SHA-256>` for a file. */
    owner: string;
    hour: string;
    cents: number;
  };
  payee_requests: {
    id: string;
    org_id: string;
    proposer_id: string;
    user_id: string;
    operation: 'add-payout-method' | 'set-default';
    /** The body the service is sent once confirmed; masked (last four) when the request ends. */
    body: string;
    /** The payee's methods before, masked, as the approver reads them (JSON list of words). */
    before_methods: string;
    /** The method after the change, masked. */
    after_method: string;
    payee_name: string;
    ticket: string | null;
    status: 'pending' | 'applied' | 'rejected' | 'withdrawn' | 'expired' | 'void';
    decided_by: string | null;
    reason: string | null;
    created_at: string;
    expires_at: string;
    decided_at: string | null;
    /** HMAC of the fields that decide where the money goes (db/seals.ts), written by the repository. */
    seal?: string | null;
  };
}

/** A row of each table, by the name the code uses for it. */
export type OrganizationRow = ConsoleTables['organizations'];
export type MemberRow = ConsoleTables['members'];
export type SessionRow = ConsoleTables['sessions'];
export type InvitationRow = ConsoleTables['invitations'];
export type AuditRow = ConsoleTables['audit_events'];
export type PolicyRow = ConsoleTables['approval_policies'];
export type RequestRow = ConsoleTables['approval_requests'];
export type DecisionRow = ConsoleTables['approval_decisions'];
export type TeamRequestRow = ConsoleTables['team_requests'];
export type SpendHourRow = ConsoleTables['spend_hours'];
export type PayeeRequestRow = ConsoleTables['payee_requests'];
export type BillApprovalRow = ConsoleTables['ap_bill_approvals'];
export type BillEditRow = ConsoleTables['ap_bill_edits'];
export type BillCreationRow = ConsoleTables['ap_bill_creations'];
export type MethodChangeRow = ConsoleTables['ap_method_changes'];
export type ApUserLinkRow = ConsoleTables['ap_user_links'];
