import type { FlowStep } from './requests/onboarding';

/**
 * Who may hold an onboarding link (a hosted flow's URL). A link is a bearer credential: whoever opens it acts as the
 * payee. A step that can change where money goes, or pay it out, makes the link worth stealing; so such a link for an
 * existing user reaches only the payee (by mail, to the user's email), and a link its maker could have seen changes
 * nothing and pays nothing without the rules a member's own change would meet. The console server applies these
 * rules; the console shows them.
 */

/** The steps that add a payout method (manage-payouts; manage-payments, whose page adds one too) or pay out. */
export const MONEY_STEPS: readonly FlowStep[] = ['manage-payouts', 'manage-payments', 'payout'];

/** How the link leaves the console: mailed by the console server, or answered to its maker to copy. */
export type FlowDelivery = 'email' | 'copy';
export const FLOW_DELIVERIES: readonly FlowDelivery[] = ['email', 'copy'];

/** The console's headers on POST /v2/flows (never sent to the service): how to deliver, and a new payee's address. */
export const DELIVERY_HEADER = 'X-Console-Delivery';
export const DELIVER_TO_HEADER = 'X-Console-Deliver-To';

/**
 * An email set for a user by a member (at creation or by an edit) this recently makes a link mailed there one its
 * maker could have read: the address may be the member's own.
 */
export const MEMBER_SET_EMAIL_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The names of a flow's steps, as a body gives them (a name, or an object with one). */
export function stepNames(steps: unknown): string[] {
  if (!Array.isArray(steps)) return [];
  return steps
    .map((step) =>
      typeof step === 'string'
        ? step
        : step && typeof step === 'object' && typeof (step as { name?: unknown }).name === 'string'
          ? (step as { name: string }).name
          : '',
    )
    .filter((name) => name !== '');
}

export function movesMoney(steps: readonly string[]): boolean {
  return steps.some((step) => (MONEY_STEPS as readonly string[]).includes(step));
}

/** Why this delivery is refused for this link, in words for the member; null when it is allowed. */
export function deliveryProblem(link: {
  existingUser: boolean;
  steps: readonly string[];
  delivery: FlowDelivery;
}): string | null {
  if (link.delivery === 'copy' && link.existingUser && movesMoney(link.steps)) {
    return "A link that can change where the payee's money goes reaches only them: send it by email";
  }
  return null;
}

/** The form of a flow's payout-method page (flat names), as the vendor's payout-method body. */
export function payoutMethodFromForm(values: Record<string, string | undefined>): Record<string, unknown> {
  if (values.platform === 'paypal') return { platform: 'paypal', email: values.paypal_email };
  if (values.platform === 'venmo') {
    return {
      platform: 'venmo',
      ...(values.venmo_phone ? { phone_number: values.venmo_phone } : {}),
      ...(values.venmo_handle ? { handle: values.venmo_handle } : {}),
    };
  }
  return {
    platform: 'ach',
    routing_number: values.routing_number,
    account_number: values.account_number,
    account_type: values.account_type,
  };
}

/**
 * A bank account's number typed twice on a flow's page: a slip of one digit would send the payee's money to someone
 * else's account. The error at the second field, or null when they agree (or the method is not a bank account).
 */
export function accountConfirmationProblem(
  values: Record<string, string | undefined>,
): { account_number_confirm: string } | null {
  if (values.platform === 'paypal' || values.platform === 'venmo') return null;
  const typed = (values.account_number ?? '').trim();
  if (typed === '' || typed === (values.account_number_confirm ?? '').trim()) return null;
  return { account_number_confirm: 'The two account numbers differ: type the same number twice' };
}
