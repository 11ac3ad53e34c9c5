import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ENDED_STATUSES } from '../../lib/approval-rules';
import type { FlowEmailNoteRow, FlowLinkRow } from './schema/onboarding';
import type { SsoIdentityRow } from './schema/sso';
import type { PasswordRuleRow } from './schema/sso-password-rules';
import type { RoleMapRow } from './schema/sso-role-maps';
import type {
  ApUserLinkRow,
  BillApprovalRow,
  BillCreationRow,
  BillEditRow,
  ConsoleTables,
  DecisionRow,
  InvitationRow,
  MemberRow,
  MethodChangeRow,
  PayeeRequestRow,
  PolicyRow,
  RequestRow,
  TeamRequestRow,
} from './schema/team';

/** The database handle (database.ts's ConsoleDb, named here so that database.ts may import this file). */
type ConsoleDb = Kysely<ConsoleTables>;
type MemberSetEmailRow = ConsoleTables['member_set_emails'];

/**
 * Seals: an HMAC over the fields of a row that decide power and money, under a key the database never holds (derived
 * with HKDF from the audit key, so that no second secret has to be kept). Whoever can write the database but holds
 * neither key cannot make a row that verifies: a member raised to admin, a password hash of their choosing, an amount
 * raised after submission, an approval inserted, a policy switched off, a team request slipped in, a session for a
 * secret of their choosing. The repositories seal what they write; the services check a row they read before deciding
 * on it (`verifies`), and one that does not verify is treated as absent, loudly (`onViolation`: a line of the trail
 * and stderr).
 */

export type SealedTable =
  | 'members'
  | 'approval_policies'
  | 'approval_requests'
  | 'approval_decisions'
  | 'team_requests'
  | 'payee_requests'
  | 'ap_bill_approvals'
  | 'ap_method_changes'
  | 'flow_links'
  | 'member_set_emails'
  | 'member_set_flow_emails'
  | 'ap_bill_edits'
  | 'ap_bill_creations'
  | 'ap_user_links'
  | 'invitations'
  | 'sso_identities'
  | 'password_rules'
  | 'sso_role_maps';

/** The statuses an approval request ends in (lib/approval-rules.ts), whose ends are sealed. */
const ENDED: readonly string[] = ENDED_STATUSES;

/** A number as PostgreSQL and SQLite answer it alike (a bigint may come back as text). */
const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The fields each table's seal covers, in order. What is not here may change without a seal (times seen, statuses). */
export const sealedFields = {
  members: (row: MemberRow) => [
    row.id,
    row.org_id,
    row.email,
    row.role,
    row.status,
    row.password_hash,
    row.totp_secret,
    row.approver_since,
    row.password_link_shown_to,
    row.password_set_at,
    row.held_until,
    row.held_by,
    n(row.totp_last_step),
  ],
  approval_policies: (row: PolicyRow) => [
    row.org_id,
    n(row.version),
    n(row.enabled),
    n(row.limit_cents),
    n(row.approvals_needed),
    n(row.member_daily_limit_cents),
    row.created_at,
  ],
  approval_requests: (row: RequestRow) => [
    row.id,
    row.org_id,
    row.kind,
    row.maker_id,
    n(row.amount_cents),
    row.body_hash,
    row.file_sha256,
    n(row.row_count),
    n(row.approvals_needed),
    row.excluded_approvers,
    row.created_at,
  ],
  approval_decisions: (row: DecisionRow) => [row.request_id, row.member_id, row.decision, row.at],
  // A team request's end too: sealed again when it ends, so that one set waiting again in the database does not verify
  // (one ended before ends were sealed keeps the seal it waited with: members/team-requests.ts reads it so).
  team_requests: (row: TeamRequestRow) => [
    row.id,
    row.org_id,
    row.kind,
    row.proposer_id,
    row.target_member_id,
    row.payload,
    row.created_at,
    ...(row.status === 'pending' ? [] : ['ended', row.status]),
  ],
  // Where a payee's money goes: the body the service is sent (sealed again, masked, when the request ends) and what the
  // approver is shown of it.
  payee_requests: (row: PayeeRequestRow) => [
    row.id,
    row.org_id,
    row.proposer_id,
    row.user_id,
    row.operation,
    row.body,
    row.before_methods,
    row.after_method,
    row.payee_name,
    row.ticket,
    row.created_at,
    row.expires_at,
  ],
  // Who approved a bill through the console, and the method they were shown: what a bill is paid to.
  ap_bill_approvals: (row: BillApprovalRow) => [
    row.id,
    row.org_id,
    row.bill_id,
    row.member_id,
    n(row.ap_user_id),
    row.method_fingerprint,
    row.at,
  ],
  // A vendor's bank details waiting for a second member: the body sent (sealed again when it is cleared), the method
  // deleted or made, and what the second member is shown.
  ap_method_changes: (row: MethodChangeRow) => [
    row.id,
    row.org_id,
    row.proposer_id,
    row.vendor_id,
    row.vendor_name,
    row.kind,
    row.method_id,
    row.body,
    row.mask,
    row.routing_number,
    row.created_at,
  ],
  // An onboarding link: whether it reached only its payee decides whether their method and payout wait for no one.
  flow_links: (row: FlowLinkRow) => [
    row.token_hash,
    row.flow_id,
    row.org_id,
    row.maker_id,
    row.user_id,
    row.steps,
    row.delivery,
    n(row.payee_only),
    row.created_at,
  ],
  // A user's email set by a member: a link mailed there is not the payee's alone.
  member_set_emails: (row: MemberSetEmailRow) => [row.org_id, row.user_id, row.member_id, row.set_at],
  // The same, noted against the flow it was given through until the service names the user.
  member_set_flow_emails: (row: FlowEmailNoteRow) => [row.org_id, row.flow_id, row.member_id, row.set_at],
  // A bill's edit: who changed it last (approves nothing) and whether the approvals before it were voided.
  ap_bill_edits: (row: BillEditRow) => [
    row.id,
    row.org_id,
    row.bill_id,
    row.member_id,
    n(row.ap_user_id),
    n(row.material),
    n(row.approvals_before),
    row.at,
  ],
  // Who made a bill: the member approves nothing of it under any AP user.
  ap_bill_creations: (row: BillCreationRow) => [
    row.org_id,
    row.bill_id,
    row.member_id,
    n(row.ap_user_id),
    row.at,
  ],
  // Which AP user a member acts as upstream, and who linked and confirmed it.
  ap_user_links: (row: ApUserLinkRow) => [
    row.org_id,
    row.member_id,
    n(row.ap_user_id),
    row.linked_by,
    row.confirmed_by,
    row.at,
  ],
  // A one-time link: what it opens (a member's invitation or reset, bound to their role and email then, or an
  // organization's first admin), until when, and to whom it was shown. Spending it is not sealed: it only takes away.
  invitations: (row: InvitationRow) => [
    row.token_hash,
    row.org_id,
    row.member_id,
    row.purpose,
    row.expires_at,
    row.role,
    row.email,
    row.shown_to,
  ],
  // Which person of the company's identity provider signs in as which member.
  sso_identities: (row: SsoIdentityRow) => [
    row.issuer,
    row.subject,
    row.member_id,
    row.org_id,
    row.linked_at,
  ],
  // Whether members sign in with a password, who alone still may while they are off, and who asked and confirmed it.
  password_rules: (row: PasswordRuleRow) => [
    row.org_id,
    row.passwords,
    row.break_glass_member_id,
    row.proposed_by,
    row.confirmed_by,
    row.changed_at,
    // A row written before versions (0021p) keeps the seal it had; from then on the version is sealed too.
    ...(n(row.version) ? [n(row.version)] : []),
  ],
  // Which group of the company's provider gives which role, under which provider and claim, in which version (a row
  // written before 0021p keeps the seal it had until the first start after the upgrade writes it again).
  sso_role_maps: (row: RoleMapRow) => [
    row.org_id,
    row.groups,
    row.changed_at,
    ...(row.issuer === null && !n(row.version) ? [] : [row.issuer, row.groups_claim, n(row.version)]),
  ],
} satisfies Record<SealedTable, (row: never) => unknown[]>;

type RowOf<T extends SealedTable> = Parameters<(typeof sealedFields)[T]>[0];

export interface Violation {
  table: SealedTable | 'sessions';
  /** The row's id (a request's, a member's; a decision's request and member). */
  id: string;
  orgId: string | null;
  /** A row the trail shows was written, gone from the database (a seal cannot show a deletion; the trail can). */
  missing?: boolean;
}

export class Sealer {
  private readonly key: Buffer;
  /** Told of each row that does not verify, once per read: the team writes it in the trail and on stderr. */
  onViolation: (violation: Violation) => void = () => undefined;

  constructor(auditSecret: Buffer) {
    this.key = Buffer.from(
      hkdfSync('sha256', auditSecret, Buffer.alloc(0), 'payout-console row seals v1', 32),
    );
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('hex');
  }

  seal<T extends SealedTable>(table: T, row: RowOf<T>): string {
    return this.mac(JSON.stringify([table, ...(sealedFields[table] as (r: RowOf<T>) => unknown[])(row)]));
  }

  /** The row with its seal as its repository writes it. */
  sealed<T extends SealedTable>(table: T, row: Omit<RowOf<T>, 'seal'>): RowOf<T> {
    const whole = { ...row, seal: null } as RowOf<T>;
    return { ...whole, seal: this.seal(table, whole) };
  }

  /** Whether a row read back is as its repository sealed it; one that is not is reported and must be taken as absent. */
  verifies<T extends SealedTable>(
    table: T,
    row: RowOf<T> & { seal?: string | null },
    violation: Violation,
  ): boolean {
    const expected = Buffer.from(this.seal(table, row), 'hex');
    const given = Buffer.from(row.seal ?? '', 'hex');
    const ok = given.length === expected.length && timingSafeEqual(given, expected);
    if (!ok) this.onViolation(violation);
    return ok;
  }

  /**
   * A request's end as the server wrote it: its id and the ended status. A status is not part of a row's seal (it moves
   * without one); an end is, since an ended request no longer holds its keys. Bound to the id, so that no other
   * request's end can be copied onto it.
   */
  endSeal(requestId: string, status: string): string {
    return this.mac(JSON.stringify(['approval_request_end', requestId, status]));
  }

  /** Whether the server sealed an end of this request, whatever its status says now. */
  endedOnce(row: { id: string; end_seal?: string | null }): boolean {
    if (!row.end_seal) return false;
    return ENDED.some((status) => this.endSeal(row.id, status) === row.end_seal);
  }

  /** Whether a request's end is the server's; one that is not is reported (and the request taken as still open). */
  endVerifies(row: { id: string; org_id: string; status: string; end_seal?: string | null }): boolean {
    const expected = Buffer.from(this.endSeal(row.id, row.status), 'hex');
    const given = Buffer.from(row.end_seal ?? '', 'hex');
    const ok = given.length === expected.length && timingSafeEqual(given, expected);
    if (!ok) this.onViolation({ table: 'approval_requests', id: row.id, orgId: row.org_id });
    return ok;
  }

  /**
   * What a session stores of its secret: an HMAC of the member's id and the secret (not a plain SHA-256, which a
   * database writer could compute for a secret of their choosing, nor one that another member's id could reuse).
   */
  sessionHash(memberId: string, secret: string): string {
    return this.mac(`session\u0000${memberId}\u0000${secret}`);
  }
}

/**
 * The sealer of a database handle: registered once for the database (team.ts) and carried into each transaction
 * (database.ts), so that repositories seal what they write without every caller passing the key along.
 */
const sealers = new WeakMap<object, Sealer>();

export function registerSealer(db: ConsoleDb, sealer: Sealer): void {
  sealers.set(db, sealer);
}

export function sealerOf(db: ConsoleDb): Sealer {
  const sealer = sealers.get(db);
  if (!sealer) throw new Error('This database handle has no sealer: the team registers one (registerSealer)');
  return sealer;
}

/** Carries the sealer of `db` to a transaction begun on it. */
export function inheritSealer(from: ConsoleDb, to: ConsoleDb): void {
  const sealer = sealers.get(from);
  if (sealer) sealers.set(to, sealer);
}
