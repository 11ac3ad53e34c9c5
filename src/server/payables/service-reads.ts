import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { Answering, AnyWords } from '../../lib/wire/agreement';
import type { Approver, Vendor, Bill as WireBill } from '../../lib/wire/resources';
import { type CallService, readForRule, serviceRequest } from '../gate/service-calls';
import type { OrgCredentials } from '../team';

/** What the rules of bills read from the payout service, always as the organization. */

/** An AP user (the vendor's approver), whose id, email and role the service answers for every one. */
export type ApUser = Answering<AnyWords<Approver>, 'id' | 'email' | 'role'>;

type Answered = AnyWords<WireBill>;
type Action = NonNullable<Answered['action_history']>[number];
type Step = NonNullable<Answered['approval_steps']>[number];
type Approval = NonNullable<Step['user_approvals']>[number];

/**
 * A bill as the rules read it: the vendor's payable (generated from its document), any word where the document lists
 * some (the rules compare with the words they know), with the fields the rules rely on the service to answer for every
 * bill: its id, number, status and amount, each action's name, each step's approvals, and who gave each.
 */
export type Bill = Answering<
  Omit<Answered, 'action_history' | 'approval_steps'>,
  'id' | 'number' | 'status' | 'amount'
> & {
  action_history?: Answering<Action, 'action'>[];
  approval_steps?: (Answering<Omit<Step, 'user_approvals'>, 'completed'> & {
    user_approvals: Answering<Approval, 'user_id' | 'approval_given'>[];
  })[];
};

/**
 * One read of a rule: null only when the service says for certain there is none (403 or 404; the rules then refuse a
 * write that needs it themselves); a read it did not answer throws RuleCheckUnavailable, so that the request is
 * refused, never sent unjudged.
 */
function read<T>(call: CallService, credentials: OrgCredentials, path: string): Promise<T | null> {
  // The service answers 403 not-found-or-unauthorized for what is not there (or another's), as 404 would be, and 400
  // for an id that is none (36 characters of the id's alphabet that are not a UUID): nothing is there either.
  return readForRule<T>(call, serviceRequest(credentials, path), 'object', [400, 403, 404]);
}

/** The organization's AP users (GET approvers); throws when they cannot be read. */
export async function approversList(call: CallService, credentials: OrgCredentials): Promise<ApUser[]> {
  return (
    (await readForRule<ApUser[]>(
      call,
      serviceRequest(credentials, '/v2/accounts-payable/approvers'),
      'array',
    )) ?? []
  );
}

/** Whether an AP user's email is a member's: as people type them, without regard to case or spaces around. */
export const sameEmail = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The organization's AP user of this email (how the sandbox matches a member), or null. */
export async function apUserByEmail(
  call: CallService,
  credentials: OrgCredentials,
  email: string,
): Promise<ApUser | null> {
  return (await approversList(call, credentials)).find((u) => sameEmail(u.email, email)) ?? null;
}

export function billOf(call: CallService, credentials: OrgCredentials, id: string): Promise<Bill | null> {
  return read<Bill>(call, credentials, `/v2/accounts-payable/payables/${encodeURIComponent(id)}`);
}

export function vendorOf(call: CallService, credentials: OrgCredentials, id: string) {
  return read<Answering<Vendor, 'id' | 'name'>>(
    call,
    credentials,
    `/v2/accounts-payable/vendors/${encodeURIComponent(id)}`,
  );
}

/**
 * What the bill's payment method is now, as a SHA-256 of the service's answer in canonical JSON: a bill approved to
 * one account is paid only while its method still says the same. Null when the service says it is gone (403/404); a read
 * it did not answer throws.
 */
export async function methodFingerprint(
  call: CallService,
  credentials: OrgCredentials,
  bill: Bill,
): Promise<string | null> {
  if (!bill.ap_vendor_id || !bill.ap_payment_method_id) return null;
  const method = await read<Record<string, unknown>>(
    call,
    credentials,
    `/v2/accounts-payable/vendors/${encodeURIComponent(bill.ap_vendor_id)}/payment-methods/${encodeURIComponent(bill.ap_payment_method_id)}`,
  );
  if (!method) return null;
  return createHash('sha256')
    .update(canonicalize({ ...method, bill_vendor: bill.ap_vendor_id }) ?? '')
    .digest('hex');
}

/** Who made the bill: the AP user of its `create` action. */
export function creatorOf(bill: Bill): number | null {
  return bill.action_history?.find((a) => a.action === 'create')?.user_id ?? null;
}

/** The AP users the bill's open step still waits for. */
export function waitingFor(bill: Bill): number[] {
  const open = bill.approval_steps?.find((step) => !step.completed);
  return open ? open.user_approvals.filter((a) => !a.approval_given).map((a) => a.user_id) : [];
}
