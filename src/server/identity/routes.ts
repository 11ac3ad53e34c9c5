import { z } from 'zod';
import { can, isRole } from '../../lib/roles';
import { invalidFields, Refusal } from '../errors';
import { findMemberByEmail, memberView, normalEmail } from '../members/members';
import { clientAddress } from '../pipeline/admission';
import { teamRoute } from '../pipeline/route';
import { acceptInvitation, invitationInfo } from './invitations';
import { passwordMatches } from './secrets';
import { endSession, mustEnrollTotp, type SessionMember, signIn } from './sign-in';
import { newTotpSecret, totpMatches, totpUri } from './totp';

const signInBody = z
  .object({
    email: z.string().trim().min(1, 'Enter your email').max(320),
    password: z.string().min(1, 'Enter your password').max(1000),
    totp: z.string().trim().max(10).optional(),
  })
  .strict();

/** To start a new enrolment of a member who has one: the current code or the password. */
const totpStartBody = z
  .object({ code: z.string().trim().max(10).optional(), password: z.string().max(1000).optional() })
  .strict();
const totpConfirmBody = z
  .object({ code: z.string().trim().min(1, 'Enter the 6-digit code').max(10) })
  .strict();

/** What a signed-in member's browser keeps: who they are and, for paying roles, the batch secret. */
export function sessionAnswer(found: Pick<SessionMember, 'member' | 'organization' | 'mustEnrollTotp'>) {
  return {
    member: memberView(found.member),
    organization: { name: found.organization.name },
    must_enroll_totp: found.mustEnrollTotp,
    batch_secret: can(found.member.role, 'pay') ? found.organization.batch_secret : undefined,
  };
}

const codeWrong = { path: 'code', message: 'That code is wrong or has expired' };

/** Signing in and out, one-time links, and the second factor: what a person does before and around their work. */
export const sessionRoutes = [
  teamRoute({
    method: 'POST',
    path: '/sessions',
    access: 'public',
    body: signInBody,
    action: 'sign-in',
    async handle({ c, body, line, team }) {
      if (!team.teamMode) {
        return new Refusal(404, 'team-mode-off', 'This console signs in with the organization key');
      }
      const db = team.database.db;
      const result = await signIn(db, team.policy, { ...body, address: clientAddress(c) }, team.now());
      // A failure for an email that belongs to a member is that member's organization's: its Audit page shows it.
      const named = 'member' in result ? result.member : await findMemberByEmail(db, body.email);
      line.actor = {
        orgId: named?.org_id ?? null,
        memberId: named?.id ?? null,
        email: normalEmail(body.email),
        role: named?.role ?? null,
      };
      switch (result.kind) {
        case 'rate-limited':
          return new Refusal(
            429,
            'too-many-sign-in-failures',
            `Too many failed sign-ins; try again in ${result.retryAfterSeconds} s`,
            { retryAfterSeconds: result.retryAfterSeconds },
          );
        case 'refused':
          return new Refusal(401, 'sign-in-refused', 'The email or password is wrong');
        case 'totp-required':
          // The password was right: a step of signing in, not a failure.
          line.outcome = 'ok';
          return new Refusal(401, 'totp-required', 'Enter the 6-digit code from your authenticator app');
        case 'totp-wrong':
          return new Refusal(401, 'totp-wrong', 'That code is wrong or has expired');
        case 'signed-in': {
          const member = result.member;
          const organization = await db
            .selectFrom('organizations')
            .selectAll()
            .where('id', '=', member.org_id)
            .executeTakeFirstOrThrow();
          const withRole = { ...member, role: isRole(member.role) ? member.role : 'viewer' };
          return c.json(
            {
              member_id: member.id,
              secret: result.secret,
              ...sessionAnswer({
                member: withRole,
                organization,
                mustEnrollTotp: mustEnrollTotp(team.policy, withRole),
              }),
            },
            201,
          );
        }
      }
    },
  }),
  teamRoute({
    method: 'GET',
    path: '/invitations/:token',
    access: 'public',
    action: 'invitation.read',
    async handle({ c, team }) {
      const info = await invitationInfo(team.database.db, c.req.param('token') ?? '', team.now());
      return info instanceof Refusal ? info : c.json(info);
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/invitations/:token',
    access: 'public',
    body: z
      .object({
        password: z.string().min(12, 'At least 12 characters').max(200, 'At most 200 characters'),
        email: z.string().trim().max(320).pipe(z.email('Enter an email address')).optional(),
        name: z.string().trim().min(1, 'Enter your name').max(120).optional(),
      })
      .strict(),
    action: 'member.join',
    async handle({ c, body, line, team }) {
      const accepted = await acceptInvitation(team, c.req.param('token') ?? '', body);
      if (accepted instanceof Refusal) return accepted;
      const { member, purpose } = accepted;
      line.action = purpose === 'reset' ? 'member.password.set' : 'member.join';
      line.targets = [member.id];
      line.actor = { orgId: member.org_id, memberId: member.id, email: member.email, role: member.role };
      return c.json({ email: member.email });
    },
  }),
  teamRoute({
    method: 'GET',
    path: '/session',
    access: 'session',
    action: 'session.read',
    handle: ({ c, member }) => c.json(sessionAnswer(member)),
  }),
  teamRoute({
    method: 'DELETE',
    path: '/session',
    access: 'session',
    action: 'sign-out',
    async handle({ c, member, team }) {
      await endSession(team.database.db, member.secretHash);
      return c.body(null, 204);
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/totp',
    access: 'session',
    body: totpStartBody,
    action: 'member.totp.start',
    async handle({ c, body, member, line, team }) {
      const me = member.member;
      line.targets = [me.id];
      // Replacing an authenticator takes the one in use, or the password: a session left open is not enough.
      if (me.totp_secret) {
        const byCode =
          body.code !== undefined && totpMatches(me.totp_secret, body.code, team.now().getTime());
        const byPassword =
          !byCode && body.password !== undefined && (await passwordMatches(me.password_hash, body.password));
        if (!byCode && !byPassword) {
          return new Refusal(
            403,
            'reauthentication-required',
            'Enter the code of your current authenticator, or your password',
            {
              errors: [
                {
                  path: body.password !== undefined ? 'password' : 'code',
                  message: 'Enter your current code or your password',
                },
              ],
            },
          );
        }
      }
      // The server makes the secret: a member cannot choose a weak or shared one.
      const secret = newTotpSecret();
      await team.database.db
        .updateTable('members')
        .set({ totp_pending_secret: secret })
        .where('id', '=', me.id)
        .execute();
      return c.json({ secret, uri: totpUri(secret, me.email) });
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/totp/confirm',
    access: 'session',
    body: totpConfirmBody,
    action: 'member.totp.enroll',
    async handle({ c, body, member, line, team }) {
      const me = member.member;
      line.targets = [me.id];
      const db = team.database.db;
      const row = await db
        .selectFrom('members')
        .select('totp_pending_secret')
        .where('id', '=', me.id)
        .executeTakeFirst();
      const pending = row?.totp_pending_secret;
      if (!pending) {
        return new Refusal(409, 'no-enrolment', 'Start setting up an authenticator first');
      }
      if (!totpMatches(pending, body.code, team.now().getTime())) {
        return invalidFields([codeWrong]);
      }
      await db
        .updateTable('members')
        .set({ totp_secret: pending, totp_pending_secret: null })
        .where('id', '=', me.id)
        .execute();
      return c.json({ totp_enrolled: true });
    },
  }),
];
