import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { can, isRole, ROLE_LABELS, ROLES } from '../../lib/roles';
import { errorBody } from '../../node/error-body';
import { mountApprovalRoutes } from './approval-routes';
import type { CallService } from './approvals';
import { listAudit } from './audit';
import { auditCsv, auditQuery } from './audit-routes';
import { clientAddress, memberOf, refusal } from './gate';
import { auditByMember, invalidRequest, readBody, type TeamEnv } from './http';
import { acceptInvitation, invitationInfo } from './invitations';
import {
  countActiveAdmins,
  endSessionsOf,
  findMember,
  findMemberByEmail,
  insertInvitation,
  insertMember,
  listMembers,
  memberView,
  normalEmail,
} from './members';
import { endSession, mustEnrollTotp, type SessionMember, signIn } from './sign-in';
import type { Team } from './team';
import { newTotpSecret, totpMatches, totpUri } from './totp';

export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

const signInBody = z
  .object({
    email: z.string().trim().min(1, 'Enter your email').max(320),
    password: z.string().min(1, 'Enter your password').max(1000),
    totp: z.string().trim().max(10).optional(),
  })
  .strict();

const email = z.string().trim().max(320).pipe(z.email('Enter an email address'));
const inviteBody = z
  .object({
    email,
    name: z.string().trim().min(1, 'Enter a name').max(120),
    role: z.enum(ROLES),
  })
  .strict();
const changeBody = z
  .object({ role: z.enum(ROLES).optional(), status: z.enum(['active', 'disabled']).optional() })
  .strict()
  .refine((b) => b.role !== undefined || b.status !== undefined, { message: 'Give a role or a status' });
const totpConfirmBody = z.object({ secret: z.string().min(16).max(64), code: z.string().max(10) }).strict();

/** What a signed-in member's browser keeps: who they are and, for paying roles, the batch secret. */
function sessionAnswer(found: Pick<SessionMember, 'member' | 'organization' | 'mustEnrollTotp'>) {
  return {
    member: memberView(found.member),
    organization: { name: found.organization.name },
    must_enroll_totp: found.mustEnrollTotp,
    batch_secret: can(found.member.role, 'pay') ? found.organization.batch_secret : undefined,
  };
}

export function invitationUrl(c: Context, token: string): string {
  return `${new URL(c.req.url).origin}/invitation/${token}`;
}

/** `/team`: sign-in and sign-out, the team's members (admins), one-time links, TOTP, the audit trail (admins). */
export function teamRoutes(team: Team, call: CallService | null = null): Hono<TeamEnv> {
  const db = team.database.db;
  const app = new Hono<TeamEnv>();
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.post('/sessions', async (c) => {
    if (!team.teamMode)
      return c.json(errorBody('team-mode-off', 'This console signs in with the organization key'), 404);
    const body = await readBody(c, signInBody);
    if (body instanceof Response) return body;
    const address = clientAddress(c);
    const result = await signIn(db, team.policy, { ...body, address }, team.now());
    const audit = (
      outcome: 'ok' | 'refused',
      status: number,
      member?: { id: string; org_id: string; role: string },
    ) =>
      team.audit({
        orgId: member?.org_id ?? null,
        memberId: member?.id ?? null,
        email: normalEmail(body.email),
        role: member?.role ?? null,
        action: 'sign-in',
        targets: [],
        outcome,
        status,
        requestId: c.req.header('x-request-id') ?? null,
        clientAddress: address,
      });
    switch (result.kind) {
      case 'rate-limited':
        await audit('refused', 429);
        c.header('Retry-After', String(result.retryAfterSeconds));
        return c.json(
          errorBody(
            'too-many-sign-in-failures',
            `Too many failed sign-ins; try again in ${result.retryAfterSeconds} s`,
          ),
          429,
        );
      case 'refused':
        await audit('refused', 401);
        return c.json(errorBody('sign-in-refused', 'The email or password is wrong'), 401);
      case 'totp-required':
        return c.json(errorBody('totp-required', 'Enter the 6-digit code from your authenticator app'), 401);
      case 'totp-wrong':
        await audit('refused', 401, result.member);
        return c.json(errorBody('totp-wrong', 'That code is wrong or has expired'), 401);
      case 'signed-in': {
        await audit('ok', 201, result.member);
        const member = result.member;
        const organization = await db
          .selectFrom('organizations')
          .selectAll()
          .where('id', '=', member.org_id)
          .executeTakeFirstOrThrow();
        const role = isRole(member.role) ? member.role : 'viewer';
        const withRole = { ...member, role };
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
  });

  // Invitation links are their own credential: no session.
  app.get('/invitations/:token', async (c) => {
    const info = await invitationInfo(db, c.req.param('token'), team.now());
    if (!info) return c.json(errorBody('invitation-not-found', 'This link is not valid or has expired'), 404);
    return c.json(info);
  });
  app.post('/invitations/:token', async (c) => acceptInvitation(team, c));

  // Everything below: a live member session.
  app.use('*', async (c, next) => {
    const found = await memberOf(team, c);
    if (!found) return refusal(c, 401, 'session-ended', 'Your session has ended: sign in again');
    c.set('member', found);
    await next();
  });
  const adminOnly = async (c: Context<TeamEnv>, next: () => Promise<void>) => {
    const { member } = c.get('member');
    if (member.role !== 'admin' || c.get('member').mustEnrollTotp) {
      return refusal(
        c,
        403,
        'forbidden-for-role',
        `This needs the Admin role; you are ${ROLE_LABELS[member.role]}`,
      );
    }
    await next();
  };

  mountApprovalRoutes(app, team, call);
  app.get('/session', (c) => c.json(sessionAnswer(c.get('member'))));
  app.delete('/session', async (c) => {
    const found = c.get('member');
    await endSession(db, found.secretHash);
    await auditByMember(team, c, { action: 'sign-out', targets: [], status: 204 });
    return c.body(null, 204);
  });

  app.post('/totp', (c) => {
    const secret = newTotpSecret();
    return c.json({ secret, uri: totpUri(secret, c.get('member').member.email) });
  });
  app.post('/totp/confirm', async (c) => {
    const body = await readBody(c, totpConfirmBody);
    if (body instanceof Response) return body;
    const { member } = c.get('member');
    if (!totpMatches(body.secret, body.code, team.now().getTime())) {
      return invalidRequest(c, [{ path: 'code', message: 'That code is wrong or has expired' }]);
    }
    await db.updateTable('members').set({ totp_secret: body.secret }).where('id', '=', member.id).execute();
    await auditMemberChange(c, 'member.totp.enroll', member.id, 200);
    return c.json({ totp_enrolled: true });
  });

  const auditMemberChange = (c: Context<TeamEnv>, action: string, target: string, status: number) =>
    auditByMember(team, c, { action, targets: [target], status });

  app.get('/members', adminOnly, async (c) => {
    const rows = await listMembers(db, c.get('member').organization.id);
    return c.json({ data: rows.map(memberView) });
  });

  app.post('/members', adminOnly, async (c) => {
    const body = await readBody(c, inviteBody);
    if (body instanceof Response) return body;
    const { organization } = c.get('member');
    if (await findMemberByEmail(db, body.email)) {
      return invalidRequest(c, [{ path: 'email', message: 'A member already has this email' }], 409);
    }
    const row = await insertMember(db, { orgId: organization.id, ...body }, team.now());
    const link = await insertInvitation(
      db,
      { orgId: organization.id, memberId: row.id, purpose: 'invite', ttlMs: INVITATION_TTL_MS },
      team.now(),
    );
    await auditMemberChange(c, 'member.invite', row.id, 201);
    return c.json(
      {
        member: memberView(row),
        invitation: { url: invitationUrl(c, link.token), expires_at: link.expiresAt },
      },
      201,
    );
  });

  app.patch('/members/:id', adminOnly, async (c) => {
    const body = await readBody(c, changeBody);
    if (body instanceof Response) return body;
    const { organization } = c.get('member');
    const target = await findMember(db, organization.id, c.req.param('id') ?? '');
    if (!target) return c.json(errorBody('member-not-found', 'No member of your team has this id'), 404);
    const losesAdmin =
      target.role === 'admin' &&
      target.status === 'active' &&
      ((body.role && body.role !== 'admin') || body.status === 'disabled');
    if (losesAdmin && (await countActiveAdmins(db, organization.id)) <= 1) {
      await auditMemberChange(c, 'member.change', target.id, 409);
      return c.json(
        errorBody('last-admin', 'The team needs at least one active admin: make another member admin first'),
        409,
      );
    }
    const changes: { role?: string; status?: string } = {};
    if (body.role && body.role !== target.role) changes.role = body.role;
    if (body.status && body.status !== target.status && target.status !== 'invited')
      changes.status = body.status;
    if (body.status === 'disabled' && target.status === 'invited') changes.status = 'disabled';
    if (Object.keys(changes).length > 0) {
      await db.updateTable('members').set(changes).where('id', '=', target.id).execute();
      // A role change or a disable takes effect on the member's next request: their sessions end now.
      await endSessionsOf(db, target.id);
      await auditMemberChange(
        c,
        changes.role ? `member.role.${changes.role}` : `member.${changes.status}`,
        target.id,
        200,
      );
    }
    const updated = await findMember(db, organization.id, target.id);
    return c.json(memberView(updated ?? target));
  });

  app.post('/members/:id/password-reset', adminOnly, async (c) => {
    const { organization } = c.get('member');
    const target = await findMember(db, organization.id, c.req.param('id') ?? '');
    if (!target) return c.json(errorBody('member-not-found', 'No member of your team has this id'), 404);
    // The old password stops working at once: a reset is asked for when it may be known to someone else.
    await db.updateTable('members').set({ password_hash: null }).where('id', '=', target.id).execute();
    await endSessionsOf(db, target.id);
    const link = await insertInvitation(
      db,
      { orgId: organization.id, memberId: target.id, purpose: 'reset', ttlMs: INVITATION_TTL_MS },
      team.now(),
    );
    await auditMemberChange(c, 'member.password.reset', target.id, 201);
    return c.json({ invitation: { url: invitationUrl(c, link.token), expires_at: link.expiresAt } }, 201);
  });

  app.get('/audit', adminOnly, async (c) => {
    const query = auditQuery(c);
    if (query instanceof Response) return query;
    const rows = await listAudit(db, { ...query, orgId: c.get('member').organization.id });
    if (c.req.query('format') === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="audit.csv"');
      return c.body(auditCsv(rows));
    }
    return c.json({ data: rows });
  });

  app.notFound((c) => c.json(errorBody('route-not-found', `No route ${c.req.method} ${c.req.path}`), 404));
  return app;
}
