import { randomUUID } from 'node:crypto';
import { type AuditEntry, appendAuditIn } from './audit/chain';
import type { AuditHead, AuditHeadFile } from './audit/head-file';
import { reportTrail, type TrailCheck } from './audit/health';
import type { AuditKey } from './audit/key';
import { AuditWitness } from './audit/witness';
import type { ConsoleDatabase } from './db/database';
import { groupCommitOf } from './db/group-commit';
import type { OrganizationRow } from './db/schema/team';
import { registerSealer, Sealer } from './db/seals';
import { DEFAULT_POLICY, type SignInPolicy } from './identity/policy';
import { DEFAULT_LIVE_SETTINGS, LiveChanges, type LiveSettings } from './live/hub';
import type { Mailer } from './mail/mail';
import type { LocalOutbox } from './mail/outbox';
import type { Sso } from './sso/sso';

/** An organization's API credentials, as the payout service knows them. They never leave the console server. */
export interface OrgCredentials {
  clientId: string;
  apiKey: string;
}

/**
 * The console's team layer: its database, the sign-in policy, and the organization credentials it forwards with. In
 * the sandbox every tenant is an organization with its own members; upstream there is one, from the environment.
 */
export interface Team {
  database: ConsoleDatabase;
  mode: 'sandbox' | 'upstream';
  /** Members sign in (always in the sandbox; upstream when the server holds the organization's credentials). */
  teamMode: boolean;
  policy: SignInPolicy;
  /** The organization's credentials, to forward a member's request with; null when the console has none for it. */
  credentialsFor(org: OrganizationRow): OrgCredentials | null;
  audit(entry: AuditEntry): Promise<void>;
  /**
   * Waits until the lines this server writes without a request waiting for them (a seal that does not verify) have
   * committed, and its head file holds the last head: what a server does before it stops, and a test before it reads
   * the trail.
   */
  settled(): Promise<void>;
  /** A head that committed (lines appended inside a caller's transaction): kept in the head file. */
  noteHead(head: AuditHead): void;
  /** The key of the audit trail's HMAC chain, held outside the database. */
  auditKey: AuditKey;
  /** Where the chain's head is kept outside the database (AUDIT_HEAD_FILE), or null: only in the log. */
  auditHead: AuditHeadFile | null;
  /** The last head this server wrote or noted: no line is appended on a chain that no longer passes through it. */
  auditWitness: AuditWitness;
  /** What this server found of the trail when it started (checkAuditTrail); null until it was checked. */
  trail: TrailCheck | null;
  /** After a password or authenticator reset, how long the member's money waits for approval (RESET_HOLD_MS). */
  resetHoldMs: number;
  /** SMTP, when configured (SMTP_URL): one-time links go to the member by mail, never to an admin. */
  mailer: Mailer | null;
  /**
   * The sandbox's own mailbox, in sandbox mode without SMTP_URL: onboarding links are kept there for the demo's
   * payees (read at /sandbox/mailbox). Member mail never goes there.
   */
  outbox: LocalOutbox | null;
  /** This server as an executor of approved requests, and how long its claim on one holds unless renewed. */
  executor: { id: string; leaseMs: number };
  /** Where the console is reached (PUBLIC_URL): every link it sends or shows points there, never at a Host header. */
  publicOrigin: string;
  /** Single sign-on through the company's identity provider, when OIDC_ISSUER is set (sso/). */
  sso: Sso | null;
  /** What changed, stored for every console server's open pages (live/): the sink and this server's streams. */
  live: LiveChanges;
  now(): Date;
}

export interface TeamOptions {
  database: ConsoleDatabase;
  mode: 'sandbox' | 'upstream';
  policy?: Partial<SignInPolicy>;
  /** Upstream team mode: the one organization's credentials (PAYOUT_CLIENT_ID, PAYOUT_API_KEY). */
  upstreamCredentials?: OrgCredentials | null;
  auditKey: AuditKey;
  auditHead?: AuditHeadFile | null;
  mailer?: Mailer | null;
  outbox?: LocalOutbox | null;
  leaseMs?: number;
  resetHoldMs?: number;
  publicOrigin?: string;
  live?: Partial<LiveSettings>;
  now?: () => Date;
}

/** An executor renews its claim on a request every third of this; a server that stops renewing loses it after this. */
export const DEFAULT_LEASE_MS = 30_000;

/** A reset member's money waits for approval this long: time for them to notice they cannot sign in, and say so. */
export const DEFAULT_RESET_HOLD_MS = 72 * 60 * 60 * 1000;

/** A line the console writes itself, without a member or a request. */
const consoleEntryless = {
  memberId: null,
  email: null,
  role: 'console',
  requestId: null,
  clientAddress: null,
} as const;

export function createTeam({
  database,
  mode,
  policy,
  upstreamCredentials = null,
  auditKey,
  auditHead = null,
  mailer = null,
  outbox = null,
  leaseMs = DEFAULT_LEASE_MS,
  resetHoldMs = DEFAULT_RESET_HOLD_MS,
  publicOrigin = 'http://localhost',
  live,
  now,
}: TeamOptions): Team {
  const clock = now ?? (() => new Date());
  // A request's line commits before its answer goes, in a transaction it shares with the lines of the requests
  // answered at the same moment.
  const lines = groupCommitOf(database.db, 'audit-lines');
  const witness = new AuditWitness(auditHead, (why, last) => {
    // Said as a start says a trail that does not verify, and shown on the Audit page from now on.
    const before = team.trail && !team.trail.ok ? team.trail : null;
    const running = `while this server ran, ${why}; it refuses every request that would write a line`;
    team.trail = {
      ok: false,
      rows: before?.rows ?? last.seq,
      brokenAt: before?.brokenAt ?? last.seq,
      why: before ? `${before.why}; ${running}` : running,
      noted: last,
      headFile: auditHead?.path ?? null,
      checkedAt: clock().toISOString(),
    };
    reportTrail(team.trail);
  });
  // Rows that decide power and money are sealed under a key derived from the audit key (db/seals.ts); one that does
  // not verify is taken as absent where it is read, and said here: on stderr and as a line of its organization's trail.
  const sealer = new Sealer(auditKey.secret);
  registerSealer(database.db, sealer);
  // The violation's line is written without holding up the read that found it, but it is kept track of: a server
  // that stops (or a test that reads the trail) waits for it rather than leaving a write under way.
  const background = new Set<Promise<void>>();
  sealer.onViolation = (violation) => {
    console.error(
      violation.missing
        ? `[integrity] a ${violation.table} row of ${violation.id} that the trail shows was written is gone: deleted in the database`
        : `[integrity] a ${violation.table} row (${violation.id}) does not verify: changed in the database; taken as absent`,
    );
    const line = team
      .audit({
        ...consoleEntryless,
        orgId: violation.orgId,
        action: 'integrity.violation',
        targets: violation.id.split(' ').slice(0, 2),
        outcome: 'refused',
        status: 409,
        detail: violation.missing
          ? `A ${violation.table} row the trail shows was written is gone (deleted in the database)${violation.table.startsWith('ap_') ? ': its bill is neither approved nor paid' : ': read as the safe state'}`
          : `A ${violation.table} row does not verify (changed in the database): taken as absent`,
      })
      .catch(() => undefined)
      .finally(() => background.delete(line));
    background.add(line);
  };
  const team: Team = {
    database,
    mode,
    teamMode: mode === 'sandbox' || upstreamCredentials !== null,
    policy: {
      ...DEFAULT_POLICY,
      // Outside the sandbox's demo, money movers and admins must use a second factor.
      totpRequiredFor: mode === 'upstream' ? ['finance', 'admin'] : [],
      ...policy,
    },
    credentialsFor(org) {
      if (mode === 'sandbox') {
        return org.sandbox_api_key ? { clientId: org.client_id, apiKey: org.sandbox_api_key } : null;
      }
      return upstreamCredentials && upstreamCredentials.clientId === org.client_id
        ? upstreamCredentials
        : null;
    },
    async audit(entry) {
      const at = clock();
      witness.note(await lines.run((trx) => appendAuditIn(trx, auditKey, entry, at, witness)));
    },
    async settled() {
      while (background.size > 0) await Promise.all([...background]);
      await auditHead?.flush();
    },
    noteHead(head) {
      witness.note(head);
    },
    auditKey,
    auditHead,
    auditWitness: witness,
    trail: null,
    resetHoldMs,
    mailer,
    outbox,
    executor: { id: `srv_${randomUUID().slice(0, 8)}`, leaseMs },
    publicOrigin: publicOrigin.replace(/\/+$/, ''),
    sso: null,
    live: new LiveChanges(database.db, { ...DEFAULT_LIVE_SETTINGS, ...live }, clock),
    now: clock,
  };
  return team;
}
