import { Refusal } from '../errors';
import { orUnavailable } from '../gate/service-calls';
import { noteEmailSetByMember } from '../onboarding/flow-links';
import { type Asked, reads, type V2Row, type Verdict } from '../pipeline/v2-row';
import { destinationChangeOf, holdDestinationChange } from './destination';

/**
 * Where a payee's money goes: with approvals on, a member's change waits for a second member (destination.ts). An
 * email set by a member is noted before it is sent: a link made while the change is on its way is judged with the
 * note already there.
 */
async function judgeDestination({ team, call, found, path, action, body, ticket }: Asked): Promise<Verdict> {
  const emailSet =
    action === 'user.update' && typeof (body as { email?: unknown } | null)?.email === 'string';
  const changedUser = path.split('/')[3];
  if (emailSet && changedUser) await noteEmailSetByMember(team, found, changedUser);
  const change = destinationChangeOf(action, path, body);
  if (!change) return { kind: 'send' };
  const held = await orUnavailable(holdDestinationChange(team, call, found, change, ticket));
  if (held instanceof Refusal) return { kind: 'refused', refusal: held, targets: [change.userId] };
  if (held.kind === 'waiting') {
    return {
      kind: 'answered',
      status: 202,
      body: { waiting_for_approval: true, request: held.request },
      action: 'payee-request.propose',
      targets: [change.userId, held.request.id],
    };
  }
  return { kind: 'send' };
}

export const PAYEE_ROWS: V2Row[] = [
  // Where a user's money goes: finance's, not support's, so that no ticket can redirect a payee's payouts.
  {
    method: 'PUT',
    path: '/v2/users/*/payout-methods',
    permission: 'pay',
    action: 'user.payout-method.add',
    body: 'json',
    judge: judgeDestination,
  },
  // A user's record and contact details are support's; a default payout method in it is judged on the body.
  {
    method: 'PATCH',
    path: '/v2/users/*',
    permission: 'support',
    action: 'user.update',
    body: 'json',
    judge: judgeDestination,
  },
  ...reads('/v2/users/*/payout-methods'),
];
