import { type ApUserLike, stepsNoOneCanComplete } from '../../lib/ap-approvers';
import { describeCondition } from '../../lib/ap-policies';
import type { AuditAction } from '../../lib/audit-actions';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { createPolicySchema, policyPrioritySchema } from '../../lib/requests/accounts-payable';
import { Refusal, unjudgedFields } from '../errors';
import { type CallService, readForRule, serviceRequest } from '../gate/service-calls';
import type { SessionMember } from '../identity/sign-in';
import { proposeOrApply } from '../members/grants';
import { countActiveAdmins } from '../members/members';
import type { TeamRequestView } from '../members/team-requests';
import type { Team } from '../team';
import { vendorOf } from './service-reads';
import type { ApPolicyChange } from './team/ap-team-changes';

/**
 * The approval policies of bills are the team's own rules of who approves what, so they change as the team's approval
 * policy does: with two or more active admins, making, moving or deleting one waits for another admin (a team request
 * that sends the very request when confirmed); with one admin it is sent at once.
 */

export type PolicyJudgement =
  | { kind: 'send'; detail: string }
  | { kind: 'waiting'; request: TeamRequestView; detail: string }
  | { kind: 'refused'; refusal: Refusal; detail: string };

const POLICY_ID = /\/v2\/accounts-payable\/approval-policies\/([0-9a-f-]{36})$/i;

interface ListedCondition {
  type: 'amount' | 'vendor_id';
  comparator?: '<=' | '==' | '>=';
  value: number | string;
}

interface ListedPolicy {
  id: string;
  priority: number;
  description?: string | null;
  payable_conditions?: ListedCondition[];
}

/**
 * A policy a bill could never get through: a step whose approvers cannot give the approvals it requires (a maker of
 * bills or a viewer named as approver). Null when every step can be completed.
 */
async function impossibleSteps(
  call: CallService,
  team: Team,
  found: SessionMember,
  steps: readonly { approver_list: readonly number[]; num_approvals_required: number }[],
): Promise<Refusal | null> {
  const credentials = team.credentialsFor(found.organization);
  if (!credentials) return null;
  const apUsers =
    (await readForRule<ApUserLike[]>(
      call,
      serviceRequest(credentials, '/v2/accounts-payable/approvers'),
      'array',
    )) ?? [];
  const impossible = stepsNoOneCanComplete(steps, apUsers);
  const first = impossible[0];
  if (!first) return null;
  return new Refusal(400, 'approvers-cannot-approve', first.message, {
    errors: impossible.map(({ index, message }) => ({
      path: `approval_conditions.${index}.approver_list`,
      message,
    })),
  });
}

async function policiesOf(call: CallService, team: Team, found: SessionMember): Promise<ListedPolicy[]> {
  const credentials = team.credentialsFor(found.organization);
  if (!credentials) return [];
  // Read failing closed: a policy missing from a list the service did not give is not "no such policy".
  return (
    (await readForRule<ListedPolicy[]>(
      call,
      serviceRequest(credentials, '/v2/accounts-payable/approval-policies'),
      'array',
    )) ?? []
  );
}

/** "amount ≥ $10,000.00 and vendor is Acme": what a policy's conditions say, its vendors by name. */
async function conditionsInWords(
  call: CallService,
  team: Team,
  found: SessionMember,
  conditions: readonly ListedCondition[] | undefined,
): Promise<string> {
  const credentials = team.credentialsFor(found.organization);
  const names = new Map<string, string>();
  for (const c of conditions ?? []) {
    if (c.type === 'vendor_id' && credentials) {
      const vendor = await vendorOf(call, credentials, String(c.value));
      if (vendor) names.set(String(c.value), vendor.name);
    }
  }
  const words = (conditions ?? []).map((c) =>
    describeCondition(
      c.type === 'vendor_id'
        ? { type: 'vendor_id', value: String(c.value) }
        : { type: 'amount', comparator: c.comparator ?? '==', value: Number(c.value) },
      (id) => names.get(id) ?? id,
    ),
  );
  return words.length > 0 ? words.join(' and ') : 'every bill';
}

export async function judgePolicyChange(
  team: Team,
  call: CallService,
  found: SessionMember,
  action: AuditAction,
  path: string,
  raw: Record<string, unknown>,
): Promise<PolicyJudgement> {
  let change: ApPolicyChange;
  if (action === 'ap-policy.create') {
    const parsed = createPolicySchema.safeParse(raw);
    // Nothing waits that could never be made, and nothing the rule cannot read is sent on unjudged.
    if (!parsed.success) {
      return {
        kind: 'refused',
        refusal: unjudgedFields(fieldErrorsFrom(parsed.error.issues)),
        detail: 'Approval policy: refused',
      };
    }
    const never = await impossibleSteps(call, team, found, parsed.data.approval_conditions);
    if (never) return { kind: 'refused', refusal: never, detail: 'Approval policy: refused' };
    const steps = parsed.data.approval_conditions
      .map((s) => `${s.num_approvals_required} of ${s.approver_list.length}`)
      .join(', then ');
    const when = await conditionsInWords(call, team, found, parsed.data.payable_conditions);
    change = {
      description: `Add an approval policy of bills: ${when}; approved by ${steps}`,
      method: 'POST',
      path,
      body: JSON.stringify(raw),
    };
  } else {
    const id = POLICY_ID.exec(path)?.[1];
    const policy = id ? (await policiesOf(call, team, found)).find((p) => p.id === id) : undefined;
    const priority = policyPrioritySchema.safeParse(raw);
    // A policy the organization's list does not hold, or a priority that does not read, is not sent on unjudged.
    const detail = `Approval policy ${id ?? ''}`.trim();
    if (!policy) {
      return {
        kind: 'refused',
        refusal: new Refusal(403, 'not-found-or-unauthorized', 'Resource not found or unauthorized'),
        detail,
      };
    }
    if (action === 'ap-policy.priority' && !priority.success) {
      return { kind: 'refused', refusal: unjudgedFields(fieldErrorsFrom(priority.error.issues)), detail };
    }
    const name = `the approval policy of bills for ${await conditionsInWords(call, team, found, policy.payable_conditions)}`;
    change =
      action === 'ap-policy.priority' && priority.success
        ? {
            description: `Move ${name} from priority ${policy.priority} to ${priority.data.priority}`,
            method: 'PATCH',
            path,
            body: JSON.stringify(raw),
          }
        : { description: `Delete ${name} (priority ${policy.priority})`, method: 'DELETE', path, body: null };
  }
  if ((await countActiveAdmins(team.database.db, found.organization.id)) < 2) {
    return { kind: 'send', detail: change.description };
  }
  const outcome = await proposeOrApply(team, found, { kind: 'ap-policy', payload: change }, '', call);
  if (outcome instanceof Refusal) return { kind: 'refused', refusal: outcome, detail: change.description };
  if (outcome.kind !== 'waiting') {
    // Not reached: two admins always wait. Said as a refusal rather than sent twice.
    return {
      kind: 'refused',
      refusal: new Refusal(409, 'ap-policy-applied', 'The change was applied already'),
      detail: change.description,
    };
  }
  return {
    kind: 'waiting',
    request: outcome.request,
    detail: `${change.description}: waits for a second admin`,
  };
}
