import { judgeMoneyRequest } from '../payments/v2-rows';
import { reads, type V2Row } from '../pipeline/v2-row';
import { grantWaits, refillAboveLimit } from './grants';
import { endRefillPause } from './refill-pauses';

const money = { body: 'json', judge: judgeMoneyRequest } as const;

/**
 * Wallet moves and the settings of an app's wallet: every write moves money or says where it goes, so every one is
 * finance's. A segment `*` is one path segment.
 */
export const WALLET_ROWS: V2Row[] = [
  { method: 'POST', path: '/v2/apps/*/deposit', permission: 'pay', action: 'deposit.create', ...money },
  { method: 'POST', path: '/v2/apps/*/withdraw', permission: 'pay', action: 'withdrawal.create', ...money },
  { method: 'POST', path: '/v2/transfers', permission: 'pay', action: 'transfer.create', ...money },
  {
    method: 'POST',
    path: '/v2/transfer-batches',
    permission: 'pay',
    action: 'transfer-batch.create',
    ...money,
  },
  {
    method: 'POST',
    path: '/v2/organization-transfers',
    permission: 'pay',
    action: 'organization-transfer.create',
    ...money,
  },
  // Where withdrawals go: a grant of power, which waits for a second member when approvals are on.
  {
    method: 'PUT',
    path: '/v2/apps/*/ach-account',
    permission: 'pay',
    action: 'app.ach-account.set',
    judge: async ({ team, found }) => {
      const waits = await grantWaits(team, found);
      return waits ? { kind: 'refused', refusal: waits } : { kind: 'send' };
    },
  },
  {
    method: 'POST',
    path: '/v2/apps/*/change_settings',
    permission: 'pay',
    action: 'app.settings.change',
    body: 'json',
    // An auto-refill above the approval limit moves money no second member saw (grants.ts).
    judge: async ({ team, found, body }) => {
      const refused = await refillAboveLimit(team, found, body);
      return refused ? { kind: 'refused', refusal: refused } : { kind: 'send' };
    },
    // A member turned the app's refill on again, judged by the policy now: a pause of it is over (refill-pauses.ts).
    // Another setting, or the refill left off, leaves the pause and its reason shown.
    after: async ({ team, found, path, body }, response) => {
      const turnsOn = (body as { auto_refill_active?: unknown } | null)?.auto_refill_active === true;
      if (response.ok && turnsOn) await endRefillPause(team, found.organization.id, path.split('/')[3] ?? '');
      return response;
    },
  },
  ...reads(
    '/v2/wallets',
    '/v2/apps/*/ach-account',
    '/v2/apps/*/settings',
    '/v2/transfer-batches',
    '/v2/transfer-batches/*',
    '/v2/organization-transfers',
    '/v2/organization-transfers/*',
  ),
];
