import type { AuditAction } from './audit-actions';

/**
 * The `/v2` writes of wallet moves, by what they need (lib/roles.ts reads them into its table with one line): every
 * one moves money or says where it goes, so every one is finance's. A segment `*` is one path segment.
 */
export const WALLET_WRITES: { method: string; path: string; permission: 'pay'; action: AuditAction }[] = [
  { method: 'POST', path: '/v2/apps/*/deposit', permission: 'pay', action: 'deposit.create' },
  { method: 'POST', path: '/v2/apps/*/withdraw', permission: 'pay', action: 'withdrawal.create' },
  { method: 'POST', path: '/v2/transfers', permission: 'pay', action: 'transfer.create' },
  { method: 'POST', path: '/v2/transfer-batches', permission: 'pay', action: 'transfer-batch.create' },
  {
    method: 'POST',
    path: '/v2/organization-transfers',
    permission: 'pay',
    action: 'organization-transfer.create',
  },
  // Where withdrawals go: a grant of power, which waits for a second member when approvals are on.
  { method: 'PUT', path: '/v2/apps/*/ach-account', permission: 'pay', action: 'app.ach-account.set' },
  { method: 'POST', path: '/v2/apps/*/change_settings', permission: 'pay', action: 'app.settings.change' },
];
