import type { Context } from 'hono';
import { z } from 'zod';
import { teamRejectionBody } from '../../lib/requests/team-decisions';
import { ROLES } from '../../lib/roles';
import { TEAM_REQUEST_STATUSES } from '../../lib/team-changes';
import { invalidFilters, Refusal } from '../errors';
import type { CallService } from '../gate/service-calls';
import type { AuditLine } from '../pipeline/audit-line';
import { originOf, teamRoute } from '../pipeline/route';
import {
  changeMember,
  closeTeamRequest,
  confirmTeamRequest,
  type GrantOutcome,
  type MemberChange,
  proposeOrApply,
} from './grants';
import { teamMembers } from './members';
import { listTeamRequests } from './team-requests';

const email = z.string().trim().max(320).pipe(z.email('Enter an email address'));
const inviteBody = z
  .object({ email, name: z.string().trim().min(1, 'Enter a name').max(120), role: z.enum(ROLES) })
  .strict();
const changeBody = z
  .object({ role: z.enum(ROLES).optional(), status: z.enum(['active', 'disabled']).optional() })
  .strict()
  .refine((b) => (b.role === undefined) !== (b.status === undefined), {
    message: 'Give a role or a status, one at a time',
  });
/** A change with a caution (how the member's password was set) is confirmed only by an admin who was shown it. */
const confirmBody = z.object({ acknowledge_caution: z.boolean().optional() }).strict();
const reasonBody = teamRejectionBody;

/** The answer to a change: applied (what it did), waiting for a second admin (202, the team request), or refused. */
function answer(
  c: Context,
  line: AuditLine,
  outcome: GrantOutcome,
  status: 200 | 201 = 200,
): Response | Refusal {
  if (outcome instanceof Refusal) return outcome;
  if (outcome.kind === 'waiting') {
    line.action = 'team-request.propose';
    line.targets = [...line.targets, outcome.request.id];
    return c.json({ kind: 'waiting', request: outcome.request }, 202);
  }
  const { member, link, policy } = outcome.applied;
  return c.json(
    {
      kind: 'applied',
      ...(member ? { member } : {}),
      ...(link ? { link } : {}),
      ...(policy ? { policy } : {}),
    },
    status,
  );
}

/**
 * The team's members (admins): invite, change a role or status, reset credentials; and the changes that wait (a change
 * made at the payout service when confirmed, an approval policy of bills, is sent with `call`).
 */
export const memberRoutes = (call: CallService | null = null) => [
  teamRoute({
    method: 'GET',
    path: '/members',
    access: 'admin',
    action: 'members.list',
    async handle({ c, member, team }) {
      return c.json({ data: await teamMembers(team, member.organization.id), mail: team.mailer !== null });
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/members',
    access: 'admin',
    body: inviteBody,
    action: 'member.invite',
    async handle({ c, body, member, line, team }) {
      const outcome = await proposeOrApply(team, member, { kind: 'invite', payload: body }, originOf(team));
      if (outcome.kind === 'applied' && outcome.applied.member) line.targets = [outcome.applied.member.id];
      return answer(c, line, outcome, 201);
    },
  }),
  teamRoute({
    method: 'PATCH',
    path: '/members/:id',
    access: 'admin',
    body: changeBody,
    action: 'member.change',
    async handle({ c, body, member, line, team }) {
      const wanted: MemberChange = body.role
        ? { kind: 'role', role: body.role }
        : { kind: body.status === 'disabled' ? 'disable' : 'enable' };
      const changed = await changeMember(team, member, c.req.param('id') ?? '', wanted, originOf(team));
      if (changed instanceof Refusal) return changed;
      line.targets = [changed.target.id];
      if (body.role) {
        line.action = 'member.role';
        line.detail = `${changed.target.role} → ${body.role}`;
      } else {
        line.action = body.status === 'disabled' ? 'member.disable' : 'member.enable';
      }
      return answer(c, line, changed.outcome);
    },
  }),
  ...(['password-reset', 'totp-reset'] as const).map((kind) =>
    teamRoute({
      method: 'POST',
      path: `/members/:id/${kind}`,
      access: 'admin',
      action: kind === 'password-reset' ? 'member.password.reset' : 'member.totp.reset',
      async handle({ c, member, line, team }) {
        const changed = await changeMember(team, member, c.req.param('id') ?? '', { kind }, originOf(team));
        if (changed instanceof Refusal) return changed;
        line.targets = [changed.target.id];
        return answer(c, line, changed.outcome, 201);
      },
    }),
  ),
  teamRoute({
    method: 'GET',
    path: '/team-requests',
    access: 'admin',
    action: 'team-requests.list',
    async handle({ c, member, team }) {
      const status = c.req.query('status');
      const known = TEAM_REQUEST_STATUSES.find((s) => s === status);
      if (status && !known) {
        return invalidFilters([{ path: 'status', message: `One of ${TEAM_REQUEST_STATUSES.join(', ')}` }]);
      }
      return c.json({ data: await listTeamRequests(team, member.organization.id, known) });
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/team-requests/:id/confirm',
    access: 'admin',
    body: confirmBody,
    bodyOptional: true,
    action: 'team-request.confirm',
    async handle({ c, body, member, line, team }) {
      const id = c.req.param('id') ?? '';
      line.targets = [id];
      const { outcome, request, caution } = await confirmTeamRequest(
        team,
        member,
        id,
        originOf(team),
        body.acknowledge_caution === true,
        call,
      );
      if (outcome instanceof Refusal) {
        if (outcome.status === 409 && request) line.detail = outcome.message;
        return outcome;
      }
      // Confirmed knowing what was said against it: the trail keeps what the admin was told.
      if (caution) line.detail = `Confirmed after being told: ${caution}`;
      if (outcome.kind === 'waiting') {
        // A change no member proposed, adopted by this admin: it applies when another admin confirms it.
        line.action = 'team-request.adopt';
        line.detail = 'Adopted a change no member proposed: another admin confirms it to apply it';
        return c.json({ kind: 'waiting', request }, 202);
      }
      const { member: changed, link, policy, service } = outcome.applied;
      if (changed) line.targets.push(changed.id);
      return c.json({
        kind: 'applied',
        request,
        ...(changed ? { member: changed } : {}),
        ...(link ? { link } : {}),
        ...(policy ? { policy } : {}),
        ...(service ? { service } : {}),
      });
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/team-requests/:id/reject',
    access: 'admin',
    body: reasonBody,
    action: 'team-request.reject',
    async handle({ c, body, member, line, team }) {
      const id = c.req.param('id') ?? '';
      line.targets = [id];
      line.detail = body.reason;
      const { outcome, request } = await closeTeamRequest(team, member, id, {
        to: 'rejected',
        reason: body.reason,
      });
      return outcome instanceof Refusal ? outcome : c.json({ request });
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/team-requests/:id/withdraw',
    access: 'admin',
    action: 'team-request.withdraw',
    async handle({ c, member, line, team }) {
      const id = c.req.param('id') ?? '';
      line.targets = [id];
      const { outcome, request } = await closeTeamRequest(team, member, id, { to: 'withdrawn' });
      return outcome instanceof Refusal ? outcome : c.json({ request });
    },
  }),
];
