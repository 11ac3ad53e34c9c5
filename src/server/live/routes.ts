import { streamSSE } from 'hono/streaming';
import type { Access } from '../../lib/roles';
import { z } from '../../lib/zod';
import { approvalRoutes } from '../approvals/routes';
import { teamRoute } from '../pipeline/route';
import { describeRequest } from '../pipeline/v2-table';
import type { ChangeKind } from './changes';
import { myNoticeMail, myNotices, readMyNotices, setMyNoticeMail } from './notices';
import type { ReadAccess } from './readable';
import { lastEventId, runStream } from './stream';

/**
 * Where a page reads each kind of object from the service: a change goes to a member only if that read would answer
 * them, with the permission its row declares, never a second list of who sees what.
 */
export const READ_OF: Record<Exclude<ChangeKind, 'notice' | 'approval_request'>, string> = {
  transfer: '/v2/transfers/x',
  payout_link: '/v2/payout-links/x',
  payout_request: '/v2/payout-requests/x',
  bill: '/v2/accounts-payable/payables/x',
  user: '/v2/users/x',
  flow: '/v2/flows/x',
};

function approvalReadAccess(): Access {
  const route = approvalRoutes(null).find((r) => r.method === 'GET' && r.path === '/approvals/:id');
  if (!route) throw new Error('The approvals have no read of one request');
  return route.access;
}

export const READ_ACCESS = {
  ...Object.fromEntries(
    Object.entries(READ_OF).map(([kind, path]) => [kind, describeRequest('GET', path).permission]),
  ),
  approval_request: approvalReadAccess(),
  // A notice is its member's own (live/readable.ts).
  notice: 'session',
} as ReadAccess;

/** Which of the member's notices they have seen: those named, or all of them. */
const readNoticesBody = z.strictObject({ ids: z.array(z.string().max(64)).max(200).optional() });

/** Whether the member's notices go to them by mail too (Settings). */
const noticeMailBody = z.strictObject({ email_me: z.boolean() });

/**
 * The console's stream of changes (Server-Sent Events), behind the same session and permissions as reads: a page
 * reads again what it is told changed. A reconnecting page sends the last id it had (`Last-Event-ID`).
 */
export const liveRoutes = [
  teamRoute({
    method: 'GET',
    path: '/events',
    access: 'read',
    action: 'changes.stream',
    handle({ c, member, team }) {
      const resumeAfter = lastEventId(c.req.header('last-event-id'));
      // A proxy that buffers would hold every change back until the stream ends.
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, (stream) => runStream(stream, team, member, READ_ACCESS, resumeAfter));
    },
  }),
  teamRoute({
    method: 'GET',
    path: '/notices',
    access: 'read',
    action: 'notices.list',
    async handle({ c, member, team }) {
      return c.json(await myNotices(team, member.member.id));
    },
  }),
  teamRoute({
    method: 'POST',
    path: '/notices/read',
    access: 'read',
    body: readNoticesBody,
    bodyOptional: true,
    action: 'notices.read',
    async handle({ c, body, member, team }) {
      const marked = await readMyNotices(team, member.member.id, body.ids ?? null);
      return c.json({ marked });
    },
  }),
  teamRoute({
    method: 'GET',
    path: '/notices/mail',
    access: 'read',
    action: 'notices.mail.read',
    async handle({ c, member, team }) {
      return c.json(await myNoticeMail(team, member.member.id));
    },
  }),
  teamRoute({
    method: 'PUT',
    path: '/notices/mail',
    access: 'read',
    body: noticeMailBody,
    action: 'notices.mail.change',
    async handle({ c, body, member, line, team }) {
      line.detail = body.email_me ? 'on' : 'off';
      return c.json(await setMyNoticeMail(team, member.member.id, body.email_me));
    },
  }),
];
