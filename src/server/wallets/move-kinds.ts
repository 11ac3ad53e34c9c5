import type { AuditAction } from '../../lib/audit-actions';
import type { MoneySent } from '../../lib/money-record';

/**
 * The wallet moves a member submits for approval, as rows of one table: what each checks its bodies as, where the
 * executor sends them (executor.ts runs every kind the same way: one body per row, its key looked up after an unknown
 * answer) and with which method, and what money the service records for each body (lib/money-record.ts: how a body
 * found by its key is told to be the row's). A transfer batch is approved by its total and paid item by item as transfers, each
 * with its own key; an app's bank account is a grant of power (where withdrawals go), sent once confirmed.
 */
export const MOVE_KINDS = {
  deposit: {
    action: 'deposit.create',
    method: 'POST',
    path: (app: string) => `/v2/apps/${app}/deposit`,
    byApp: true,
    money: 'deposit',
  },
  withdrawal: {
    action: 'withdrawal.create',
    method: 'POST',
    path: (app: string) => `/v2/apps/${app}/withdraw`,
    byApp: true,
    money: 'withdrawal',
  },
  transfer: {
    action: 'transfer.create',
    method: 'POST',
    path: () => '/v2/transfers',
    byApp: false,
    money: 'user-transfer',
  },
  'transfer-batch': {
    action: 'transfer.create',
    method: 'POST',
    path: () => '/v2/transfers',
    byApp: false,
    money: 'user-transfer',
  },
  'organization-transfer': {
    action: 'organization-transfer.create',
    method: 'POST',
    path: () => '/v2/organization-transfers',
    byApp: false,
    money: 'organization-transfer',
  },
  'ach-account': {
    action: 'app.ach-account.set',
    method: 'PUT',
    path: (app: string) => `/v2/apps/${app}/ach-account`,
    byApp: true,
    // An app's bank account moves no money: its PUT makes no transfer to find, and sent again sets the same account.
    money: null,
  },
} as const satisfies Record<
  string,
  {
    action: AuditAction;
    method: 'POST' | 'PUT';
    path: (app: string) => string;
    byApp: boolean;
    money: MoneySent | null;
  }
>;

export type MoveKind = keyof typeof MOVE_KINDS;
export const MOVE_KIND_NAMES = Object.keys(MOVE_KINDS) as MoveKind[];
