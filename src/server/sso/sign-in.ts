import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { deadlineFrom } from '../../lib/request-lifecycle';
import { can, isRole, ROLE_LABELS, type Role } from '../../lib/roles';
import { TEAM_REQUEST_TTL_MS } from '../../lib/team-changes';
import * as ssoRows from '../db/repositories/sso/sso';
import * as memberRows from '../db/repositories/team/members';
import * as sessionRows from '../db/repositories/team/sessions';
import * as teamRequestRows from '../db/repositories/team/team-requests';
import { sealerOf } from '../db/seals';
import { Refusal } from '../errors';
import { newSecret } from '../identity/secrets';
import { mustEnrollTotp, SSO_SECRET_PREFIX, sessionAnswer } from '../identity/sign-in';
import { totpStep } from '../identity/totp';
import { setRole } from '../members/changes';
import {
  countActiveAdmins,
  findMemberByEmail,
  insertMember,
  type MemberRow,
  type OrganizationRow,
} from '../members/members';
import type { Team } from '../team';
import type { ProviderTokens, SsoIdentity } from './relying-party';
import { roleOfGroups } from './settings';
import type { Sso } from './sso';
import { sealTokens } from './vault';

/** A sign-in started longer ago than this is stale: start again. */
export const ATTEMPT_TTL_MS = 10 * 60 * 1000;
const RANK: Record<Role, number> = { viewer: 0, support: 1, finance: 2, admin: 3 };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function beginSignIn(team: Team, sso: Sso): Promise<{ attemptId: string; url: URL }> {
  const started = await sso.rp.start();
  const attemptId = randomBytes(24).toString('base64url');
  await ssoRows.deleteAttemptsBefore(
    team.database.db,
    new Date(team.now().getTime() - ATTEMPT_TTL_MS).toISOString(),
  );
  await ssoRows.insertAttempt(team.database.db, {
    id: attemptId,
    state: started.state,
    nonce: started.nonce,
    code_verifier: started.codeVerifier,
    created_at: team.now().toISOString(),
    handoff_hash: null,
    identity: null,
  });
  return { attemptId, url: started.url };
}

interface Vouched {
  identity: SsoIdentity;
  tokens: ProviderTokens;
  memberId: string;
  /**
   * The attempt and the hash of the one code it was vouched under, and when: sealed with it, so that a copy of the
   * sealed text (a backup, a read of the database) put under another attempt or a code of a writer's choosing, or
   * kept past the attempt's time, opens no session.
   */
  attemptId: string;
  handoffHash: string;
  vouchedAt: string;
}

/** Who signs in, or why not: the member the provider's person is, made or changed as their groups say. */
export interface Admitted {
  member: MemberRow;
  /** The role the groups give, when it waits for an admin's confirmation. */
  waitingFor: Role | null;
}

/**
 * The provider's answer to a sign-in this browser started (its cookie names the attempt): checked, the member
 * decided, and a one-time code for the console's page to exchange for a session. A replayed or forged state, a token
 * of another issuer or audience, one signed by another key: refused, with what was wrong.
 */
export async function finishSignIn(
  team: Team,
  sso: Sso,
  attemptId: string | undefined,
  returned: URL,
): Promise<{ code: string; admitted: Admitted; identity: SsoIdentity } | Refusal> {
  const db = team.database.db;
  const attempt = attemptId ? await ssoRows.findAttempt(db, attemptId) : undefined;
  if (!attempt) {
    return new Refusal(
      400,
      'sso-not-started-here',
      'This sign-in was not started in this browser, or was already used: start again from the sign-in page',
    );
  }
  if (attempt.handoff_hash !== null) {
    return new Refusal(400, 'sso-replayed', 'This answer of the provider was used already: start again');
  }
  if (team.now().getTime() - new Date(attempt.created_at).getTime() > ATTEMPT_TTL_MS) {
    return new Refusal(400, 'sso-stale', 'This sign-in took too long: start again');
  }
  if (returned.searchParams.get('state') !== attempt.state) {
    return new Refusal(
      400,
      'sso-state-mismatch',
      'The answer does not belong to the sign-in you started: start again',
    );
  }
  const error = returned.searchParams.get('error');
  if (error) {
    const said = returned.searchParams.get('error_description') ?? error;
    return new Refusal(
      401,
      'sso-provider-refused',
      `The provider did not sign you in: ${said.slice(0, 200)}`,
    );
  }
  let answer: Awaited<ReturnType<typeof sso.rp.finish>>;
  try {
    answer = await sso.rp.finish(returned, {
      state: attempt.state,
      nonce: attempt.nonce,
      codeVerifier: attempt.code_verifier,
    });
  } catch (failure) {
    // openid-client's own words are general; the check that failed (which claim, the signature) is its cause's.
    const cause = (failure as { cause?: unknown }).cause;
    const why = (cause instanceof Error ? cause.message : (failure as Error).message).slice(0, 200);
    return new Refusal(
      401,
      'sso-token-refused',
      `The provider's answer did not verify (${why}): start again`,
    );
  }
  const admitted = await admitPerson(team, sso, answer.identity);
  if (admitted instanceof Refusal) return admitted;
  const code = randomBytes(24).toString('base64url');
  const vouched: Vouched = {
    identity: answer.identity,
    tokens: answer.tokens,
    memberId: admitted.member.id,
    attemptId: attempt.id,
    handoffHash: sha256(code),
    vouchedAt: team.now().toISOString(),
  };
  if (!(await ssoRows.markVouched(db, attempt.id, sha256(code), sso.vault.seal(vouched)))) {
    return new Refusal(400, 'sso-replayed', 'This answer of the provider was used already: start again');
  }
  return { code, admitted, identity: answer.identity };
}

/**
 * The member a person of the provider is, by the sealed link of their issuer and subject; at a first sign-in, made
 * (or, by a verified email, linked). Their role follows their groups: lowered at once, raised to a role that pays or
 * administers only when an admin confirms (a team request, as every grant of power), never by the directory alone.
 */
export async function admitPerson(team: Team, sso: Sso, identity: SsoIdentity): Promise<Admitted | Refusal> {
  const db = team.database.db;
  const org = await sso.organization();
  const role = roleOfGroups(identity.groups, await sso.roleMap());
  const link = await ssoRows.findIdentity(db, identity.issuer, identity.subject);
  let member = link ? await memberRows.findMember(db, org.id, link.member_id) : undefined;
  if (!role) {
    if (member) await endProviderSessions(team, member.id);
    return new Refusal(
      403,
      'sso-no-group',
      `Your account at ${sso.rp.settings.providerName} is in none of the groups that may use this console: ask your IT team`,
    );
  }
  if (!member) {
    const made = await firstSignIn(team, org, identity, role);
    if (made instanceof Refusal) return made;
    member = made;
  }
  const intact = memberRows.intactMember(db, member);
  if (!intact)
    return new Refusal(403, 'member-unverified', 'Your member record does not verify: ask an admin');
  member = intact;
  if (member.status !== 'active') {
    return new Refusal(403, 'member-disabled', 'Your member is disabled in this console: ask an admin');
  }
  const current = isRole(member.role) ? member.role : 'viewer';
  if (RANK[role] < RANK[current]) {
    const lowered = await lowerAsDirectorySays(team, org, member, role);
    if (lowered instanceof Refusal) return lowered;
    member = (await memberRows.findMember(db, org.id, member.id)) ?? member;
    return { member, waitingFor: lowered.held ? role : null };
  }
  if (RANK[role] > RANK[current]) {
    if (!can(role, 'pay')) {
      const raised = await setRole(team, org, member, role);
      if (raised instanceof Refusal) return raised;
      member = (await memberRows.findMember(db, org.id, member.id)) ?? member;
      return { member, waitingFor: null };
    }
    await askAdminsToConfirm(team, org, member, role);
    return { member, waitingFor: role };
  }
  return { member, waitingFor: null };
}

async function firstSignIn(
  team: Team,
  org: OrganizationRow,
  identity: SsoIdentity,
  role: Role,
): Promise<MemberRow | Refusal> {
  const db = team.database.db;
  if (!identity.email) {
    return new Refusal(403, 'sso-no-email', 'The provider did not say your email: ask your IT team');
  }
  // A member is known by their email (invitations, links, AP users): one the provider has not verified could be
  // anyone's, so it makes no member, lest a person hold the address of someone an admin is about to invite.
  if (!identity.emailVerified) {
    return new Refusal(
      403,
      'sso-email-unverified',
      'The provider has not verified your email: ask your IT team, then sign in again',
    );
  }
  const existing = await findMemberByEmail(db, identity.email);
  if (existing) {
    // An email the provider has not verified could be anyone's: it never opens an existing member's account. Nor does
    // a verified one open a member who pays or administers: whoever sets emails in the directory would hold that
    // member's power, past their password and authenticator, with no admin of the console confirming.
    if (
      existing.org_id !== org.id ||
      !identity.emailVerified ||
      !isRole(existing.role) ||
      can(existing.role, 'pay') ||
      (await ssoRows.identityOfMember(db, existing.id))
    ) {
      return new Refusal(
        409,
        'sso-email-taken',
        'A member of this console already has your email: an admin links them, or signs them in by password',
      );
    }
    await ssoRows.insertIdentity(db, {
      issuer: identity.issuer,
      subject: identity.subject,
      member_id: existing.id,
      org_id: org.id,
      linked_at: team.now().toISOString(),
    });
    return existing;
  }
  // Made at once at a role that neither pays nor administers; a higher one waits for an admin.
  const startRole: Role = can(role, 'pay') ? 'support' : role;
  const member = await insertMember(
    db,
    {
      orgId: org.id,
      email: identity.email,
      name: identity.name ?? identity.email,
      role: startRole,
      signsInThroughProvider: true,
    },
    team.now(),
  );
  await ssoRows.insertIdentity(db, {
    issuer: identity.issuer,
    subject: identity.subject,
    member_id: member.id,
    org_id: org.id,
    linked_at: team.now().toISOString(),
  });
  return member;
}

/**
 * The directory (or the environment's mapping) lowers a member: at once, as a lowered role takes effect, except an
 * active admin of two. Whoever edits the directory could otherwise lower the only other admin and be the one admin
 * left, alone; so that lowering waits as a team request no member proposed, which two admins confirm (grants.ts), the
 * lowered admin staying admin meanwhile. With three admins or more it applies at once (two are left).
 */
export async function lowerAsDirectorySays(
  team: Team,
  org: OrganizationRow,
  member: MemberRow,
  role: Role,
): Promise<{ held: boolean } | Refusal> {
  const db = team.database.db;
  if (member.role === 'admin' && member.status === 'active' && (await countActiveAdmins(db, org.id)) === 2) {
    await askToLowerAdmin(team, org, member, role);
    return { held: true };
  }
  const lowered = await setRole(team, org, member, role);
  return lowered instanceof Refusal ? lowered : { held: false };
}

/** The lowering of one of two admins, once per member and role, for two admins to confirm. */
async function askToLowerAdmin(team: Team, org: OrganizationRow, member: MemberRow, role: Role) {
  const said = `The company's directory lowers ${member.email} to ${ROLE_LABELS[role]}: one admin would be left, so it waits for two admins to confirm it; ${member.email} stays admin meanwhile`;
  // No member proposes it (the first admin to confirm adopts it, a second applies it).
  if (await fileDirectoryRoleRequest(team, org, member, role, null, said)) console.error(`[sso] ${said}`);
}

/** A raise the directory asks for: one team request per member and role, confirmed by an admin. */
async function askAdminsToConfirm(
  team: Team,
  org: OrganizationRow,
  member: MemberRow,
  role: Role,
): Promise<void> {
  // The directory asks on the person's behalf: they are its proposer, and so can never confirm it.
  const said = `The company's directory gives ${ROLE_LABELS[role]}: waiting for an admin to confirm`;
  await fileDirectoryRoleRequest(team, org, member, role, member, said);
}

/**
 * The team request for a role the directory gives a member, once per member and role while one waits, with its trail
 * line (the proposer's, or the console's where no member proposed it). False when one was waiting already.
 */
async function fileDirectoryRoleRequest(
  team: Team,
  org: OrganizationRow,
  member: MemberRow,
  role: Role,
  proposer: MemberRow | null,
  said: string,
): Promise<boolean> {
  const db = team.database.db;
  const now = team.now();
  if ((await teamRequestRows.pendingRolesOf(db, org.id, member.id, now.toISOString())).includes(role))
    return false;
  await teamRequestRows.insertTeamRequest(db, {
    id: randomUUID(),
    org_id: org.id,
    kind: 'role',
    proposer_id: proposer?.id ?? null,
    target_member_id: member.id,
    payload: JSON.stringify({ role, source: 'directory' }),
    status: 'pending',
    decided_by: null,
    reason: null,
    created_at: now.toISOString(),
    expires_at: deadlineFrom(now, TEAM_REQUEST_TTL_MS),
    decided_at: null,
  });
  await team.audit({
    orgId: org.id,
    memberId: proposer?.id ?? null,
    email: proposer?.email ?? null,
    role: proposer?.role ?? 'console',
    action: 'team-request.propose',
    targets: [member.id],
    outcome: 'ok',
    status: 202,
    requestId: null,
    clientAddress: null,
    detail: said,
  });
  return true;
}

/**
 * The console's page exchanges its one-time code (with the cookie of the browser that started) for a session: the
 * session's secret is made now and never stored, only its HMAC, as a password sign-in's.
 */
export async function handOff(
  team: Team,
  sso: Sso,
  attemptId: string | undefined,
  given: { code: string; totp?: string | undefined },
) {
  const db = team.database.db;
  const found = attemptId ? await ssoRows.findAttempt(db, attemptId) : undefined;
  const vouched = found?.identity ? sso.vault.open<Vouched>(found.identity) : null;
  const fresh =
    vouched !== null && team.now().getTime() - new Date(vouched.vouchedAt).getTime() <= ATTEMPT_TTL_MS;
  if (
    !found ||
    !vouched ||
    !fresh ||
    found.handoff_hash !== sha256(given.code) ||
    vouched.handoffHash !== sha256(given.code) ||
    vouched.attemptId !== found.id
  ) {
    return new Refusal(400, 'sso-handoff-refused', 'This sign-in cannot be finished here: start again');
  }
  const org = await sso.organization();
  const member = memberRows.intactMember(db, await memberRows.findMember(db, org.id, vouched.memberId));
  if (member?.status !== 'active' || !isRole(member.role)) {
    return new Refusal(403, 'member-disabled', 'Your member is disabled in this console: ask an admin');
  }
  // The second factor: the provider's, when it says it checked one; else the member's own TOTP, once enrolled. The
  // code is asked for without spending the attempt; a wrong one spends it (start again), so it cannot be guessed.
  if (!vouched.identity.mfa && member.totp_secret) {
    if (!given.totp) {
      return new Refusal(401, 'totp-required', 'Enter the 6-digit code from your authenticator app');
    }
    const step = totpStep(member.totp_secret, given.totp, team.now().getTime());
    if (step === null || !(await memberRows.acceptTotpStep(db, member.id, step))) {
      await ssoRows.takeAttempt(db, found.id);
      return new Refusal(401, 'totp-wrong', 'That code is wrong or has expired: start again');
    }
  }
  // Taken once: of two pages exchanging one code, one opens a session.
  if (!(await ssoRows.takeAttempt(db, found.id))) {
    return new Refusal(400, 'sso-handoff-refused', 'This sign-in cannot be finished here: start again');
  }
  const secret = `${SSO_SECRET_PREFIX}${newSecret()}`;
  const at = team.now().toISOString();
  const secretHash = sealerOf(db).sessionHash(member.id, secret);
  await sessionRows.insertSession(db, {
    secret_hash: secretHash,
    member_id: member.id,
    created_at: at,
    last_used_at: at,
    provider_mfa: vouched.identity.mfa ? 1 : null,
  });
  await ssoRows.insertSsoSession(db, {
    secret_hash: secretHash,
    member_id: member.id,
    issuer: vouched.identity.issuer,
    subject: vouched.identity.subject,
    sid: vouched.identity.sid,
    tokens: sealTokens(sso.vault, secretHash, vouched.identity.subject, vouched.tokens),
    expires_at: vouched.identity.expiresAt,
    checked_at: at,
  });
  await memberRows.updateMember(db, member.id, { last_seen_at: at });
  const withRole = { ...member, role: member.role };
  return {
    member,
    session: {
      member_id: member.id,
      secret,
      ...sessionAnswer({
        member: withRole,
        organization: org,
        mustEnrollTotp: vouched.identity.mfa ? false : mustEnrollTotp(team.policy, withRole),
      }),
    },
  };
}

/** Ends every session of a member that the provider vouched for. */
export async function endProviderSessions(team: Team, memberId: string): Promise<number> {
  const db = team.database.db;
  const link = await ssoRows.identityOfMember(db, memberId);
  if (!link) return 0;
  const sessions = await ssoRows.sessionsOfPerson(db, link.issuer, { subject: link.subject, sid: null });
  await ssoRows.endSessions(
    db,
    sessions.map((s) => s.secret_hash),
  );
  return sessions.length;
}
