/**
 * Where an onboarding link stands, step by step, as the console shows it. The service counts a payout-method step done
 * only when the method is saved; a method a payee sent through a link its maker could see waits instead for a second
 * member (a payee request), and once confirmed it is saved by the console, not by the link. So the console reads both:
 * the flow's completed steps, and the payee requests for the link's user made since the link.
 */

export type StepState = 'done' | 'waiting' | 'not-yet';
export type LinkState = 'completed' | 'waiting' | 'open' | 'expired';

export const STEP_STATE_WORDS: Record<StepState, string> = {
  done: 'done',
  waiting: 'waiting for confirmation',
  'not-yet': 'not yet',
};

export const LINK_STATE_WORDS: Record<LinkState, string> = {
  completed: 'completed',
  waiting: 'waiting for confirmation',
  open: 'open',
  expired: 'expired',
};

const METHOD_STEPS = new Set(['manage-payouts', 'manage-payments']);

export interface FlowFacts {
  user_id?: string | null | undefined;
  created?: string | null | undefined;
  steps: string[];
  completed_steps: string[];
  status?: string | null | undefined;
}

export interface PayeeRequestFacts {
  user_id: string;
  operation?: string | null | undefined;
  status: string;
  created_at: string;
}

/** The method a link's payee sent, as the payee requests tell it: confirmed (applied), waiting, or none. */
function heldMethod(flow: FlowFacts, requests: readonly PayeeRequestFacts[]): StepState | null {
  const since = flow.created ? Date.parse(flow.created) : Number.NaN;
  const ours = requests.filter(
    (r) =>
      r.user_id === flow.user_id &&
      (r.operation ?? 'add-payout-method') === 'add-payout-method' &&
      !(Date.parse(r.created_at) < since),
  );
  if (ours.some((r) => r.status === 'applied')) return 'done';
  if (ours.some((r) => r.status === 'pending')) return 'waiting';
  return null;
}

/** Each step the payee meets (the return to the maker's site aside), with its state. */
export function linkProgress(
  flow: FlowFacts,
  requests: readonly PayeeRequestFacts[],
): { steps: { step: string; state: StepState }[]; state: LinkState } {
  const held = heldMethod(flow, requests);
  const steps = flow.steps
    .filter((step) => step !== 'redirect')
    .map((step) => ({
      step,
      state: flow.completed_steps.includes(step)
        ? ('done' as const)
        : METHOD_STEPS.has(step) && held
          ? held
          : ('not-yet' as const),
    }));
  const state: LinkState = steps.every((s) => s.state === 'done')
    ? 'completed'
    : steps.every((s) => s.state !== 'not-yet')
      ? 'waiting'
      : flow.status === 'expired'
        ? 'expired'
        : 'open';
  return { steps, state };
}
