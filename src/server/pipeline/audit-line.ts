import type { Context } from 'hono';
import type { AuditAction } from '../../lib/audit-actions';
import type { AuditOutcome } from '../audit/chain';
import type { SessionMember } from '../identity/sign-in';
import type { Team } from '../team';
import { clientAddress } from './admission';
import { chosenRequestId } from './request-log';

/** Who a line of the trail names, when the route finds out itself (a sign-in, a one-time link). */
export interface Actor {
  orgId: string | null;
  memberId: string | null;
  email: string | null;
  role: string | null;
}

/** The line a request writes: the route's action, and what the handler adds (targets, a detail, an amount). */
export interface AuditLine {
  action: AuditAction;
  targets: string[];
  detail?: string | undefined;
  amountCents?: number | undefined;
  /** Set by a public route that learns who is acting (a sign-in's member). */
  actor?: Actor | undefined;
  /** Set when the status alone would say otherwise (a sign-in that asks for the TOTP code is not a failure). */
  outcome?: AuditOutcome | undefined;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function outcomeOf(status: number): AuditOutcome {
  if (status < 400) return 'ok';
  return status >= 500 ? 'failed' : 'refused';
}

/** Whether a request's line is written: every write, and a read only when it was refused. */
export function isWritten(c: Context, status: number): boolean {
  return !(READS.has(c.req.method) && status < 400);
}

/** Writes the request's one line: every state-changing request, and every refusal of any request. */
export async function writeLine(
  team: Team,
  c: Context,
  line: AuditLine,
  member: SessionMember | null,
  status: number,
  requestId?: string | null,
): Promise<void> {
  if (!isWritten(c, status)) return;
  const actor: Actor = line.actor ?? {
    orgId: member?.organization.id ?? null,
    memberId: member?.member.id ?? null,
    email: member?.member.email ?? null,
    role: member?.member.role ?? null,
  };
  await team.audit({
    ...actor,
    action: line.action,
    targets: line.targets,
    outcome: line.outcome ?? outcomeOf(status),
    status,
    // The service's id for what it answered, else the one this server answers and logs the request under.
    requestId: requestId ?? chosenRequestId(c) ?? c.req.header('x-request-id') ?? null,
    clientAddress: clientAddress(c),
    detail: line.detail ?? null,
    amountCents: line.amountCents ?? null,
  });
}
