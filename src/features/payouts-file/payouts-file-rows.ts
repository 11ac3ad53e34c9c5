import {
  type FileCheck,
  type FileRow,
  type FileSpec,
  MAX_FILE_ROWS,
  type RowsFile,
  readRowsFile,
} from '../../lib/file-engine/read-file';
import {
  columnOf,
  formulaErrors,
  inFileWords,
  metadataCells,
  type RowError,
} from '../../lib/file-engine/row-checks';
import { parseDollars, paymentAmountProblem } from '../../lib/money';
import { metadataProblems } from '../../lib/payment-rules';
import { isPayoutRail, type PayoutRail, railOf } from '../../lib/payout-methods';
import { isUuid } from '../../lib/uuid';
import { z } from '../../lib/zod';

/** The columns of a payouts file; any number of `metadata.<key>` besides. */
export const PAYOUT_COLUMNS = ['user_id', 'user_email', 'amount', 'platform', 'account_id'] as const;
export const PAYOUTS_FILE: FileSpec = {
  columns: PAYOUT_COLUMNS,
  rowsAre: 'payouts',
  maxRows: MAX_FILE_ROWS,
};

export function readPayoutsFile(text: string): FileCheck {
  return readRowsFile(text, PAYOUTS_FILE);
}

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

const email = z.email();
const PLATFORM_WORDS = 'ach, paypal, venmo, cash_app or default';

/** A cell's platform: the vendor's names (bank_transfer is ach), in any case; empty is the payee's default. */
export function platformOf(cell: string | undefined): RowPlatform | null {
  const value = railOf((cell ?? 'default').trim().toLowerCase());
  if (value === 'default' || isPayoutRail(value)) return value;
  return null;
}

function checkRow(row: FileRow): RowPayout | RowError[] {
  const errors: RowError[] = formulaErrors(row);
  if (errors.length > 0) return errors;
  const error = (column: string, message: string) => errors.push({ row: row.row, column, message });
  const cell = (name: string) => row.cells[name];

  let payee: RowPayout['payee'] | null = null;
  const given = (['user_id', 'user_email'] as const).filter((name) => cell(name) !== undefined);
  if (given.length !== 1) error(given[1] ?? 'user_id', 'give exactly one payee: user_id or user_email');
  else if (given[0] === 'user_email') {
    const address = cell('user_email') ?? '';
    if (email.safeParse(address).success) payee = { email: address.toLowerCase() };
    else error('user_email', 'not an email address');
  } else {
    const id = cell('user_id') ?? '';
    if (isUuid(id)) payee = { id: id.toLowerCase() };
    else error('user_id', 'not an ID (a UUID, like 3f1d2c4b-…)');
  }

  const amount = parseDollars(cell('amount') ?? '');
  const amountProblem = amount.ok ? paymentAmountProblem(amount.cents) : amount.problem;
  if (amountProblem) error('amount', inFileWords(amountProblem));

  const platform = platformOf(cell('platform'));
  if (!platform) error('platform', `not a payout method: give ${PLATFORM_WORDS}`);
  const accountId = cell('account_id');
  if (accountId !== undefined && !isUuid(accountId))
    error('account_id', 'not an ID (a UUID, like 3f1d2c4b-…)');
  if (accountId !== undefined && platform === 'default') {
    error('account_id', 'name the platform of this account, or leave account_id out for the default');
  }

  const cells = metadataCells(row);
  for (const problem of metadataProblems(cells)) {
    error(
      columnOf(
        problem.path,
        cells.map((c) => c.column),
      ),
      inFileWords(problem.message),
    );
  }
  if (errors.length > 0 || !payee || !amount.ok || !platform) return errors;
  return {
    row: row.row,
    payee,
    cents: amount.cents,
    platform,
    accountId: accountId?.toLowerCase(),
    metadata: Object.fromEntries(cells.map(({ key, value }) => [key, value])),
  };
}

/** Every row by the rules that need no service: the payouts of the valid rows, and each error by row and column. */
export function checkPayoutRows(file: RowsFile): { payouts: RowPayout[]; errors: RowError[] } {
  const payouts: RowPayout[] = [];
  const errors: RowError[] = [];
  for (const row of file.rows) {
    const checked = checkRow(row);
    if (Array.isArray(checked)) errors.push(...checked);
    else payouts.push(checked);
  }
  return { payouts, errors };
}

/** The template: the header, and rows that show each way to name the payee and the method. */
export const PAYOUTS_TEMPLATE_CSV = [
  'user_email,user_id,amount,platform,account_id,metadata.invoice',
  'amara.okafor@example.com,,"1,250.05",paypal,,INV-2001',
  ',a169451c-8525-4352-b8ca-070dd449a1a5,49.00,ach,3f1d2c4b-5555-4000-8000-000000000001,INV-2002',
  'li.wei@example.com,,80.00,default,,INV-2003',
  '',
].join('\r\n');
