import type { AuditAction } from '../../../lib/audit-actions';
import { notAForm, Refusal } from '../../errors';
import type { CallService } from '../../gate/service-calls';
import type { Reservation } from '../../gate/spend';
import type { SessionMember } from '../../identity/sign-in';
import type { TeamRequestView } from '../../members/team-requests';
import type { OrgCredentials, Team } from '../../team';
import type { MethodChangeView } from '../method-changes';

/**
 * The team's rules of accounts payable, as the `/v2` gate applies them before a member's request is sent, one judge
 * per action (or per few actions that share a rule) in this folder, each named by its row (v2-rows.ts):
 * - who acts is the server's word: `acting_user_id` is the member's AP user (the organization's AP user of their
 *   email), whatever the client sent; a member with none reads bills but cannot act (checks.ts);
 * - no one approves their own bill, only the open step's approvers decide, and one person approves at most one step;
 *   "one" is a member, under whichever AP user they acted (decide.ts, approve.ts; bill-people.ts: upstream a member
 *   can be linked anew);
 * - no one pays a bill alone: above the organization's approval limit it is paid only if someone approved it who is
 *   neither its creator, nor its last editor, nor the payer, after the last change of what is paid
 *   (lib/bill-approvals.ts); the last editor approves nothing; the payment method each approver was shown must still
 *   be the bill's at pay; a paid bill counts against the payer's daily limit (pay.ts, pay-approvals.ts);
 * - with approvals on, adding or deleting a vendor's payment method waits for a second member (vendors.ts,
 *   method-changes.ts);
 * - every line of the trail names the bill's number, vendor and amount.
 */

export type BillJudgement =
  | {
      kind: 'send';
      body: string | FormData | undefined;
      detail: string | undefined;
      amountCents: number | undefined;
      /** What the payer was counted for (released when the service refuses it). */
      reservation: Reservation | null;
      /** Runs once the service answered (to write down an approval). */
      after?: (response: Response) => Promise<void>;
    }
  | { kind: 'refused'; refusal: Refusal; detail?: string | undefined; amountCents?: number | undefined }
  | { kind: 'waiting'; request: MethodChangeView | TeamRequestView; detail: string };

export type JsonBody = Record<string, unknown>;
/** A bill's request body: JSON, or (for an invoice's PDF) a form. */
export type BillBody = JsonBody | FormData;

/** A member's request of accounts payable as one action's rule reads it: the service reachable as the organization. */
export interface BillAsk<B extends BillBody> {
  team: Team;
  call: CallService;
  credentials: OrgCredentials;
  found: SessionMember;
  action: AuditAction;
  path: string;
  raw: B;
}

/** The request of one row, as its judge takes it. */
export interface BillRequest {
  team: Team;
  call: CallService | null;
  found: SessionMember;
  action: AuditAction;
  path: string;
  raw: BillBody;
}

/** One action's judge: the checks every request of accounts payable passes first, then the action's own rule. */
export type BillJudge = (request: BillRequest) => Promise<BillJudgement>;

export const asBody = (value: BillBody) => (value instanceof FormData ? value : JSON.stringify(value));

/** A bill, vendor or policy the service says is not there, or an id the rules would not find it by. */
export const notThere = (): BillJudgement => ({
  kind: 'refused',
  refusal: new Refusal(403, 'not-found-or-unauthorized', 'Resource not found or unauthorized'),
});

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NAMED_BY_ID = new Set(['vendors', 'payment-methods', 'payables', 'approval-policies']);

/**
 * Whether every id of an accounts-payable path is a UUID as the service writes it (lower case, with its hyphens):
 * another spelling of one (no hyphens, upper case, a letter more) the rules would not find as the bill or vendor it
 * may be to a service that reads ids loosely.
 */
function idsAreCanonical(path: string): boolean {
  const parts = path.split('/');
  return parts.every((part, i) => {
    const after = parts[i - 1];
    if (i < 4 || !after || !NAMED_BY_ID.has(after) || (part === '' && i === parts.length - 1)) return true;
    return CANONICAL_UUID.test(part) || (after === 'payables' && part === 'upload-from-file');
  });
}

/** What every request passes before its rule: null when the rule judges it. */
function beforeTheRule(request: BillRequest, takesForm: boolean): BillJudgement | null {
  // Without the organization's credentials or a way to call the service the gate refuses the request anyway.
  if (!request.team.credentialsFor(request.found.organization) || !request.call) {
    return {
      kind: 'send',
      body: asBody(request.raw),
      detail: undefined,
      amountCents: undefined,
      reservation: null,
    };
  }
  // Only a bill's PDF comes as a form: everything else the rules read as JSON, or not at all (a bill's edit sent as a
  // form would reach a service that reads forms with no note of who changed what is paid).
  if (request.raw instanceof FormData && !takesForm) return { kind: 'refused', refusal: notAForm() };
  // An id the rules would not read as the bill, vendor or policy the service reads is refused, never sent unjudged.
  if (!idsAreCanonical(request.path)) return notThere();
  return null;
}

function askOf<B extends BillBody>(request: BillRequest, raw: B): BillAsk<B> {
  const credentials = request.team.credentialsFor(request.found.organization) as OrgCredentials;
  return { ...request, call: request.call as CallService, credentials, raw };
}

/** The judge of an action whose body is JSON. */
export function onJson(rule: (ask: BillAsk<JsonBody>) => Promise<BillJudgement>): BillJudge {
  return async (request) => beforeTheRule(request, false) ?? rule(askOf(request, request.raw as JsonBody));
}

/** The judge of an action whose body may be an invoice's form. */
export function onJsonOrForm(rule: (ask: BillAsk<BillBody>) => Promise<BillJudgement>): BillJudge {
  return async (request) => beforeTheRule(request, true) ?? rule(askOf(request, request.raw));
}
