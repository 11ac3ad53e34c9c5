import { createHash } from 'node:crypto';
import {
  DELIVERY_HEADER,
  deliveryProblem,
  FLOW_DELIVERIES,
  type FlowDelivery,
  MEMBER_SET_EMAIL_WINDOW_MS,
  movesMoney,
  stepNames,
} from '../../lib/flow-links';
import type { User } from '../../lib/wire/resources';
import { z } from '../../lib/zod';
import * as flowRows from '../db/repositories/onboarding/flow-links';
import type { FlowEmailNoteRow } from '../db/schema/onboarding';
import { Refusal } from '../errors';
import { type CallService, RuleCheckUnavailable, readForRule, serviceRequest } from '../gate/service-calls';
import type { SessionMember } from '../identity/sign-in';
import { onboardingLinkMessage } from '../mail/onboarding-link';
import type { OrgCredentials, Team } from '../team';

/**
 * A member's onboarding link (POST /v2/flows), as the console server lets it go. A link is a bearer credential for the
 * payee: one that can change where money goes (lib/flow-links.ts) for an existing user is mailed to the user's email
 * by this server and never answered to its maker; any other may be answered to copy. Each link made is kept (by its
 * token's hash) with whether it reached only the payee, which decides what its pages may do (flow-pages.ts).
 */

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token of a hosted flow's link: its last path segment. */
export function tokenOfLink(link: string): string | null {
  try {
    return new URL(link).pathname.split('/').filter(Boolean).pop() ?? null;
  } catch {
    return null;
  }
}

export type FlowLinkJudgement =
  | Refusal
  | {
      kind: 'send';
      /** What to do with the service's answer: keep the link, mail it, and answer the maker without it. */
      after: (response: Response) => Promise<Response>;
    };

const emailSchema = z.email('An email address, like rae@example.com').max(320);

async function readUser(
  call: CallService | null,
  team: Team,
  found: SessionMember,
  userId: string,
): Promise<Pick<User, 'email' | 'first_name'> | null> {
  const credentials = team.credentialsFor(found.organization);
  if (!call || !credentials) return null;
  // 400/403/404: no id, or not the organization's user (the service refuses the flow too); anything else unanswered
  // throws.
  return readForRule<Pick<User, 'email' | 'first_name'>>(
    call,
    serviceRequest(credentials, `/v2/users/${encodeURIComponent(userId)}`),
    'object',
    [400, 403, 404],
  );
}

function json(body: unknown, from: Response): Response {
  const headers = new Headers(from.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status: from.status, headers });
}

export async function judgeFlowLink(
  team: Team,
  call: CallService | null,
  found: SessionMember,
  headers: { delivery: string | undefined; deliverTo: string | undefined },
  raw: unknown,
): Promise<FlowLinkJudgement> {
  const given = (headers.delivery ?? 'copy').trim().toLowerCase();
  if (!(FLOW_DELIVERIES as readonly string[]).includes(given)) {
    return new Refusal(400, 'invalid-delivery', `${DELIVERY_HEADER}: email or copy`, { field: 'delivery' });
  }
  const delivery = given as FlowDelivery;
  const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  // Kept as the service writes ids (lower case), so that the link's later checks read the same user.
  const userId = typeof body.user_id === 'string' ? body.user_id.toLowerCase() : null;
  const steps = stepNames(body.steps);
  const problem = deliveryProblem({ existingUser: userId !== null, steps, delivery });
  if (problem) return new Refusal(403, 'flow-link-by-email', problem, { field: 'delivery' });

  let to: string | null = null;
  let payeeOnly = false;
  // The sandbox's own mailbox stands for the payee's inbox in a demo; it is not theirs alone (anyone there reads it).
  const mailer = team.mailer ?? team.outbox;
  const inPayeesInbox = team.mailer !== null;
  if (delivery === 'email') {
    if (!mailer) {
      return new Refusal(
        409,
        'mail-not-configured',
        'The console cannot send mail (SMTP_URL is not set): copy a link without payout steps instead',
        { field: 'delivery' },
      );
    }
    if (userId) {
      const user = await readUser(call, team, found, userId);
      // Not the organization's user (or not readable now): the service answers the flow itself, and no link leaves.
      if (user?.email) {
        to = user.email;
        const since = new Date(team.now().getTime() - MEMBER_SET_EMAIL_WINDOW_MS).toISOString();
        payeeOnly =
          inPayeesInbox &&
          !(await emailSetByMember(team, call, team.credentialsFor(found.organization), {
            orgId: found.organization.id,
            userId,
            since,
          }));
      }
    } else {
      const address = emailSchema.safeParse((headers.deliverTo ?? '').trim());
      if (!address.success) {
        return new Refusal(400, 'validation-failed', "The new payee's email address", {
          errors: [{ path: 'email', message: 'An email address, like rae@example.com' }],
        });
      }
      to = address.data;
    }
  }

  // Upstream, the service's own pages take what the payee sends: this server cannot hold a method or a payout there,
  // so a link that moves money goes only where it reaches the payee alone.
  if (team.mode === 'upstream' && movesMoney(steps) && !payeeOnly) {
    return new Refusal(
      403,
      'flow-link-needs-payee',
      "A link that can change where money goes is mailed to an existing payee's own email; for a new payee, make the user first",
      { field: 'delivery' },
    );
  }

  return {
    kind: 'send',
    async after(response) {
      const text = await response.text();
      let made: { id?: unknown; link?: unknown; expires_at?: unknown } | null = null;
      try {
        made = JSON.parse(text);
      } catch {
        // Not a flow: answered as it came (without a link, there is none).
      }
      const link = typeof made?.link === 'string' ? made.link : null;
      const token = link ? tokenOfLink(link) : null;
      if (!response.ok || !made || !link || !token || typeof made.id !== 'string') {
        return new Response(text, response);
      }
      await flowRows.insertFlowLink(team.database.db, {
        token_hash: hashToken(token),
        flow_id: made.id,
        org_id: found.organization.id,
        maker_id: found.member.id,
        user_id: userId,
        steps: JSON.stringify(steps),
        delivery,
        payee_only: payeeOnly ? 1 : 0,
        created_at: team.now().toISOString(),
      });
      if (delivery === 'copy') return json({ ...made, delivery: { delivery: 'copy' } }, response);
      const { link: _kept, ...withoutLink } = made;
      if (!to || !mailer) return json({ ...withoutLink, delivery: { delivery: 'none' } }, response);
      // The link the payee gets points at the console's public address in sandbox mode (never at a Host header).
      const url = team.mode === 'sandbox' ? `${team.publicOrigin}${new URL(link).pathname}` : link;
      try {
        await mailer.send(
          onboardingLinkMessage({
            to,
            organization: found.organization.name,
            url,
            expiresAt: typeof made.expires_at === 'string' ? made.expires_at : null,
          }),
        );
        return json({ ...withoutLink, delivery: { delivery: 'email', to } }, response);
      } catch (error) {
        console.error(`[mail] an onboarding link could not be sent: ${(error as Error).message}`);
        return json(
          {
            ...withoutLink,
            delivery: {
              delivery: 'failed',
              to,
              message: 'The mail server refused the message: make a new link to try again',
            },
          },
          response,
        );
      }
    },
  };
}

/** After a member made a user or changed a user's email: a link mailed there is not the payee's alone for a while. */
export async function noteEmailSetByMember(team: Team, found: SessionMember, userId: string): Promise<void> {
  await flowRows.noteMemberSetEmail(team.database.db, {
    org_id: found.organization.id,
    user_id: userId,
    member_id: found.member.id,
    set_at: team.now().toISOString(),
  });
}

/**
 * The user the service names for a flow now: null while the flow has none; 'unknown' when the service does not
 * answer, or says there is no such flow (its note cannot be placed, so it may be anyone's).
 */
async function userOfFlow(
  call: CallService | null,
  credentials: OrgCredentials | null,
  flowId: string,
): Promise<string | null | 'unknown'> {
  if (!call || !credentials) return 'unknown';
  try {
    const flow = await readForRule<{ user_id?: unknown }>(
      call,
      serviceRequest(credentials, `/v2/flows/${encodeURIComponent(flowId)}`),
      'object',
    );
    if (!flow) return 'unknown';
    return typeof flow.user_id === 'string' ? flow.user_id.toLowerCase() : null;
  } catch (error) {
    if (error instanceof RuleCheckUnavailable) return 'unknown';
    throw error;
  }
}

/**
 * A maker's note kept by flow, placed under the flow's user when the service names one (then it is read as a member's
 * edit is, with no read of the flow again). Answers whose it is: a user, null (no user yet), or 'unknown'.
 */
export async function placeFlowEmailNote(
  team: Team,
  call: CallService | null,
  credentials: OrgCredentials | null,
  note: FlowEmailNoteRow,
): Promise<string | null | 'unknown'> {
  const user = await userOfFlow(call, credentials, note.flow_id);
  if (user !== null && user !== 'unknown') await flowRows.moveFlowEmailNote(team.database.db, note, user);
  return user;
}

/**
 * Whether a member set this user's email at or after `since`: a note under the user (a user made or edited by a
 * member, or placed from a flow), or a maker's note still kept by the flow a new payee gave their details through,
 * whose user is read now. It fails closed: a note whose flow the service does not name, or that does not verify,
 * counts as this user's, so the link is judged as one its maker could have read, never as the payee's alone.
 */
export async function emailSetByMember(
  team: Team,
  call: CallService | null,
  credentials: OrgCredentials | null,
  who: { orgId: string; userId: string; since: string },
): Promise<boolean> {
  let set = false;
  for (const note of await flowRows.flowEmailNotes(team.database.db, who.orgId)) {
    if (note.forged) {
      set = true;
      continue;
    }
    if (note.set_at < who.since) continue;
    const user = await placeFlowEmailNote(team, call, credentials, note);
    if (user === 'unknown' || user === who.userId) set = true;
  }
  return set || flowRows.emailSetByMemberSince(team.database.db, who.orgId, who.userId, who.since);
}
