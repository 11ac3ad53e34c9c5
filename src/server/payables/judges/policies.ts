import { judgePolicyChange } from '../policy-changes';
import { asBody, onJson } from './bill-judge';

/**
 * Making, moving or deleting an approval policy of bills: who approves what is the team's rule, so it changes under
 * the second-admin rule (policy-changes.ts).
 */
export const judgePolicy = onJson(async ({ team, call, found, action, path, raw }) => {
  const judged = await judgePolicyChange(team, call, found, action, path, raw);
  if (judged.kind !== 'send') return judged;
  return {
    kind: 'send',
    body: asBody(raw),
    detail: judged.detail,
    amountCents: undefined,
    reservation: null,
  };
});
