import { z } from 'zod';
import { Refusal } from '../errors';
import { normalEmail } from '../members/members';
import { clientAddress } from '../pipeline/admission';
import { teamRoute } from '../pipeline/route';
import { passwordsOff } from '../sso/password-rule';
import { confirmEnrolment, startEnrolment } from './enrolment';
import { acceptInvitation, invitationInfo } from './invitations';
import { attemptSignIn, endSession, sessionAnswer } from './sign-in';

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
const acceptBody = z
  .object({
    password: z.string().min(12, 'At least 12 characters').max(200, 'At most 200 characters'),
    email: z.string().trim().max(320).pipe(z.email('Enter an email address')).optional(),
    name: z.string().trim().min(1, 'Enter your name').max(120).optional(),
  })
  .strict();

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
      const { result, named, session } = await attemptSignIn(team, { ...body, address: clientAddress(c) });
      // A failure for an email that belongs to a member is that member's organization's: its Audit page shows it.
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
        case 'passwords-off':
          return passwordsOff(team);
        case 'totp-required':
          // The password was right: a step of signing in, not a failure.
          line.outcome = 'ok';
          return new Refusal(401, 'totp-required', 'Enter the 6-digit code from your authenticator app');
        case 'totp-wrong':
          return new Refusal(401, 'totp-wrong', 'That code is wrong or has expired');
        case 'signed-in':
          return c.json(session, 201);
      }
    },
  }),
  teamRoute({
    method: 'GET',
    path: '/invitations/:token',
    access: 'public',
    action: 'invitation.read',
    async handle({ c, team }) {
      const info = await invitationInfo(team, c.req.param('token') ?? '');
      return info instanceof Refusal ? info : c.json(info);
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/invitations/:token',
    access: 'public',
    body: acceptBody,
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
      await endSession(team, member.secretHash);
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
      line.targets = [member.member.id];
      const started = await startEnrolment(team, member.member, body);
      return started instanceof Refusal ? started : c.json(started);
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/totp/confirm',
    access: 'session',
    body: totpConfirmBody,
    action: 'member.totp.enroll',
    async handle({ c, body, member, line, team }) {
      line.targets = [member.member.id];
      const confirmed = await confirmEnrolment(team, member.member, body.code);
      return confirmed instanceof Refusal ? confirmed : c.json(confirmed);
    },
  }),
];
