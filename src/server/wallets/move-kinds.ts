import type { AuditAction } from '../../lib/audit-actions';

/**
 * The wallet moves a member submits for approval, as rows of one table: what each checks its bodies as, where the
 * executor sends them (executor.ts runs every kind the same way: one body per row, its key looked up after an unknown
 * answer) and with which method. A transfer batch is approved by its total and paid item by item as transfers, each
 * with its own key; an app's bank account is a grant of power (where withdrawals go), sent once confirmed.
 */
export const MOVE_KINDS = {
  deposit: {
    action: 'deposit.create',
    method: 'POST',
    path: (app: string) => `/v2/apps/${app}/deposit`,
    byApp: true,
  },
  withdrawal: {
    action: 'withdrawal.create',
    method: 'POST',
    path: (app: string) => `/v2/apps/${app}/withdraw`,
    byApp: true,
  },
  transfer: { action: 'transfer.create', method: 'POST', path: () => '/v2/transfers', byApp: false },
  'transfer-batch': { action: 'transfer.create', method: 'POST', path: () => '/v2/transfers', byApp: false },
  'organization-transfer': {
    action: 'organization-transfer.create',
    method: 'POST',
    path: () => '/v2/organization-transfers',
    byApp: false,
  },
  'ach-account': {
    action: 'app.ach-account.set',
    method: 'PUT',
    path: (app: string) => `/v2/apps/${app}/ach-account`,
    byApp: true,
  },
} as const satisfies Record<
  string,
  { action: AuditAction; method: 'POST' | 'PUT'; path: (app: string) => string; byApp: boolean }
>;

export type MoveKind = keyof typeof MOVE_KINDS;
export const MOVE_KIND_NAMES = Object.keys(MOVE_KINDS) as MoveKind[];
