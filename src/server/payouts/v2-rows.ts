import { can } from '../../lib/roles';
import { withoutClaimLinks } from '../onboarding/claim-links';
import { judgeMoneyRequest } from '../payments/v2-rows';
import { reads, type V2Row } from '../pipeline/v2-row';

/**
 * A payout link's URL is a bearer credential for its money (onboarding/claim-links.ts): a member who may not pay gets
 * every answer of links and payout requests without it.
 */
const linksOnlyToPayers: V2Row['after'] = async (asked, response) =>
  can(asked.found.member.role, 'pay') ? response : withoutClaimLinks(response);

const money = { body: 'json', judge: judgeMoneyRequest } as const;

/** Payouts, payout links, batches and requests: every one that moves money is checked, stamped and counted. */
export const PAYOUT_ROWS: V2Row[] = [
  { method: 'POST', path: '/v2/payouts', permission: 'pay', action: 'payout.create', ...money },
  { method: 'POST', path: '/v2/payouts/send-payout', permission: 'pay', action: 'payout.send', ...money },
  {
    method: 'POST',
    path: '/v2/payout-links',
    permission: 'pay',
    action: 'payout-link.create',
    ...money,
    after: linksOnlyToPayers,
  },
  {
    method: 'DELETE',
    path: '/v2/payout-links/*',
    permission: 'pay',
    action: 'payout-link.cancel',
    after: linksOnlyToPayers,
  },
  // "My link never arrived" is a support ticket: sending the same link again moves no new money.
  {
    method: 'POST',
    path: '/v2/payout-links/*/redeliver',
    permission: 'support',
    action: 'payout-link.redeliver',
    after: linksOnlyToPayers,
  },
  { method: 'POST', path: '/v2/payout-batches', permission: 'pay', action: 'payout-batch.create', ...money },
  {
    method: 'POST',
    path: '/v2/payout-requests',
    permission: 'pay',
    action: 'payout-request.create',
    ...money,
    after: linksOnlyToPayers,
  },
  ...reads('/v2/payout-links', '/v2/payout-links/*', '/v2/payout-requests', '/v2/payout-requests/*').map(
    (row) => ({ ...row, after: linksOnlyToPayers }),
  ),
  ...reads('/v2/payout-batches', '/v2/payout-batches/*', '/v2/payout-batches/*/results'),
];
