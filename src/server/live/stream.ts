import type { StreamedChange } from '../../lib/live-changes';
import type { LiveChangeRow } from '../db/schema/live';
import type { SessionMember } from '../identity/sign-in';
import type { Team } from '../team';
import { mayBeTold, type ReadAccess } from './readable';
import { stillSignedIn } from './still-signed-in';

/** How soon a browser reconnects after the stream dropped, in ms (the SSE `retry` field). */
const RECONNECT_MS = 1000;
/** The session is read again at most this often while changes flow (and at each heartbeat). */
const SESSION_CHECK_MS = 1000;

/** What the stream writes on: the HTTP layer's Server-Sent Events (live/routes.ts), never seen here as HTTP. */
export interface EventWriter {
  writeSSE(message: { event: string; id: string; data: string; retry?: number }): Promise<void>;
  write(text: string): Promise<unknown>;
  onAbort(listener: () => void): void;
}

/** The `Last-Event-ID` a reconnecting browser sends: a sequence number, or null. */
export function lastEventId(header: string | undefined): number | null {
  return header && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : null;
}

/**
 * One member's stream: what their organization's objects did since `resumeAfter` (when kept), then each change as it
 * is stored, only those the member may read; a comment at each heartbeat; ends when the session does or the page
 * goes.
 */
export async function runStream(
  stream: EventWriter,
  team: Team,
  member: SessionMember,
  access: ReadAccess,
  resumeAfter: number | null,
): Promise<void> {
  const live = team.live;
  const orgId = member.organization.id;
  const memberId = member.member.id;
  let role = member.member.role;
  const queue: LiveChangeRow[] = [];
  let wakeUp: (() => void) | null = null;
  let closed = false;
  const subscription = await live.subscribe({
    orgId,
    deliver(rows) {
      queue.push(...rows);
      wakeUp?.();
    },
    end() {
      closed = true;
      wakeUp?.();
    },
  });
  stream.onAbort(() => {
    closed = true;
    wakeUp?.();
  });
  let sent = subscription.from;
  const send = async (row: LiveChangeRow) => {
    if (row.seq <= sent) return;
    sent = row.seq;
    if (!mayBeTold(access, { id: memberId, role }, row)) return;
    const change: StreamedChange = {
      kind: row.kind as StreamedChange['kind'],
      id: row.object_id,
      status: row.status,
    };
    await stream.writeSSE({ event: 'change', id: String(row.seq), data: JSON.stringify(change) });
  };
  let checkedAt = Date.now();
  const sessionHolds = async () => {
    checkedAt = Date.now();
    const now = await stillSignedIn(team, member.secretHash, memberId);
    if (now) role = now.role;
    return now !== null;
  };
  try {
    if (resumeAfter !== null && resumeAfter < subscription.from) {
      const missed = await live.missed(orgId, resumeAfter, subscription.from);
      if (missed === 'gone') {
        await stream.writeSSE({
          event: 'reset',
          id: String(subscription.from),
          data: '{}',
          retry: RECONNECT_MS,
        });
      } else {
        sent = resumeAfter;
        for (const row of missed) await send(row);
        sent = Math.max(sent, subscription.from);
      }
    } else if (resumeAfter !== null) {
      sent = Math.max(sent, resumeAfter);
    }
    // The stream is open: the browser learns how soon to come back, and from where (a comment carries neither).
    await stream.writeSSE({ event: 'ready', id: String(sent), data: '{}', retry: RECONNECT_MS });
    while (!closed) {
      if (queue.length > 0) {
        if (Date.now() - checkedAt >= SESSION_CHECK_MS && !(await sessionHolds())) break;
        for (const row of queue.splice(0)) await send(row);
        continue;
      }
      const woken = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), live.settings.heartbeatMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      wakeUp = null;
      if (closed || woken) continue;
      if (!(await sessionHolds())) break;
      await stream.write(': keep-alive\n\n');
    }
  } finally {
    subscription.stop();
  }
}
