import { fileReader, MAX_FILE_ROWS, type RowsFile } from '../../lib/file-engine/read-file';
import {
  amountCell,
  checkRows,
  idCell,
  oneOfCells,
  type RowCheck,
  type RowError,
} from '../../lib/file-engine/row-checks';
import { metadataProblems } from '../../lib/payment-rules';
import { isPayoutRail, type PayoutRail, railOf } from '../../lib/payout-methods';

/** The columns of a payouts file; any number of `metadata.<key>` besides. */
export const PAYOUT_COLUMNS = ['user_id', 'user_email', 'amount', 'platform', 'account_id'] as const;
export const readPayoutsFile = fileReader({
  columns: PAYOUT_COLUMNS,
  rowsAre: 'payouts',
  maxRows: MAX_FILE_ROWS,
});

/** Where a row's payout goes: a rail the console knows, or the payee's default. */
export type RowPlatform = PayoutRail | 'default';

/** A row that passed every rule of its own: the payout it asks for, its payee not yet looked up. */
export interface RowPayout {
  row: number;
  payee: { id: string } | { email: string };
  cents: number;
  platform: RowPlatform;
  /** A bank account (or wallet) of the payee's, by id; for a bank account, needed when they have more than one. */
  accountId?: string | undefined;
  metadata: Record<string, string>;
}

const PLATFORM_WORDS = 'ach, paypal, venmo, cash_app or default';

/** A cell's platform: the vendor's names (bank_transfer is ach), in any case; empty is the payee's default. */
export function platformOf(cell: string | undefined): RowPlatform | null {
  const value = railOf((cell ?? 'default').trim().toLowerCase());
  if (value === 'default' || isPayoutRail(value)) return value;
  return null;
}

function checkRow(check: RowCheck): RowPayout | null {
  const { row, cell, error } = check;
  const named = oneOfCells(check, ['user_id', 'user_email'], 'payee: user_id or user_email');
  const payee: RowPayout['payee'] | null = !named
    ? null
    : named.column === 'user_email'
      ? { email: named.value }
      : { id: named.value };
  const cents = amountCell(check);

  const platform = platformOf(cell('platform'));
  if (!platform) error('platform', `not a payout method: give ${PLATFORM_WORDS}`);
  const hasAccount = cell('account_id') !== undefined;
  const accountId = hasAccount ? idCell(check, 'account_id') : undefined;
  if (hasAccount && platform === 'default') {
    error('account_id', 'name the platform of this account, or leave account_id out for the default');
  }

  for (const problem of metadataProblems(check.metadata)) check.ruleProblem(problem);
  if (!payee || cents === null || !platform) return null;
  return {
    row: row.row,
    payee,
    cents,
    platform,
    accountId: accountId ?? undefined,
    metadata: Object.fromEntries(check.metadata.map(({ key, value }) => [key, value])),
  };
}

/** Every row by the rules that need no service: the payouts of the valid rows, and each error by row and column. */
export function checkPayoutRows(file: RowsFile): { payouts: RowPayout[]; errors: RowError[] } {
  const { valid, errors } = checkRows(file, checkRow);
  return { payouts: valid, errors };
}

/** The template: the header, and rows that show each way to name the payee and the method. */
export const PAYOUTS_TEMPLATE_CSV = [
  'user_email,user_id,amount,platform,account_id,metadata.invoice',
  'amara.okafor@example.com,,"1,250.05",paypal,,INV-2001',
  ',a169451c-8525-4352-b8ca-070dd449a1a5,49.00,ach,3f1d2c4b-5555-4000-8000-000000000001,INV-2002',
  'li.wei@example.com,,80.00,default,,INV-2003',
  '',
].join('\r\n');
