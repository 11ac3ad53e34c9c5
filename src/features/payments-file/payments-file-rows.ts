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
import { parseDollars } from '../../lib/money';
import type { PaymentSource } from '../../lib/payment-request';
import { paymentProblems } from '../../lib/payment-rules';
import { isUuid } from '../../lib/uuid';
import { z } from '../../lib/zod';

/** The most rows a payments file may have. */
export const MAX_PAYMENT_ROWS = MAX_FILE_ROWS;
/** The columns a payments file may have; any number of `metadata.<key>` besides. */
export const PAYMENT_COLUMNS = [
  'user_id',
  'customer_id',
  'user_email',
  'amount',
  'account_id',
  'account_number',
  'routing_number',
  'account_type',
] as const;
export const PAYMENTS_FILE: FileSpec = {
  columns: PAYMENT_COLUMNS,
  rowsAre: 'payments',
  maxRows: MAX_PAYMENT_ROWS,
};

export function readPaymentsFile(text: string): FileCheck {
  return readRowsFile(text, PAYMENTS_FILE);
}

/** The template: the header, and two rows that show each way to name the payer and the account. */
export const PAYMENTS_TEMPLATE_CSV = [
  'user_email,user_id,customer_id,amount,account_id,account_number,routing_number,account_type,metadata.invoice',
  'amara.okafor@example.com,,,"1,250.05",,000123456789,021000021,checking,INV-1001',
  ',,3f1d2c4b-5555-4000-8000-000000000001,49.00,,987654321,026009593,savings,INV-1002',
  '',
].join('\r\n');

/** Who pays: named by id, or a user by email (resolved against the service later). */
type RowPayer =
  | { kind: 'user'; id: string }
  | { kind: 'user'; email: string }
  | { kind: 'customer'; id: string };

/** A row that passed every rule the form has: the payment it asks for. */
export interface RowPayment {
  row: number;
  payer: RowPayer;
  cents: number;
  source: PaymentSource;
  /** Its metadata.<key> cells, the empty ones left out. */
  metadata: Record<string, string>;
}

const email = z.email();

function checkRow(row: FileRow): RowPayment | RowError[] {
  const errors: RowError[] = formulaErrors(row);
  const error = (column: string, message: string) => errors.push({ row: row.row, column, message });
  const cell = (name: string) => row.cells[name];
  if (errors.length > 0) return errors;

  const payers = (['user_id', 'customer_id', 'user_email'] as const).filter(
    (name) => cell(name) !== undefined,
  );
  let payer: RowPayer | null = null;
  if (payers.length !== 1) {
    error(payers[1] ?? 'user_id', 'give exactly one payer: user_id, customer_id or user_email');
  } else if (payers[0] === 'user_email') {
    const address = cell('user_email') ?? '';
    if (email.safeParse(address).success) payer = { kind: 'user', email: address.toLowerCase() };
    else error('user_email', 'not an email address');
  } else {
    const column = payers[0] as 'user_id' | 'customer_id';
    const id = cell(column) ?? '';
    if (isUuid(id)) {
      payer =
        column === 'user_id'
          ? { kind: 'user', id: id.toLowerCase() }
          : { kind: 'customer', id: id.toLowerCase() };
    } else error(column, 'not an ID (a UUID, like 3f1d2c4b-…)');
  }

  const fromStored = cell('account_id') !== undefined;
  const fromBank = cell('account_number') !== undefined || cell('routing_number') !== undefined;
  if (fromStored === fromBank) {
    error('account_id', 'give exactly one source: account_id, or account_number with routing_number');
  } else if (fromStored && payer?.kind === 'customer') {
    error(
      'account_id',
      'stored accounts belong to users: pay a customer from account_number and routing_number',
    );
  }
  const type = (cell('account_type') ?? 'checking').toLowerCase();
  if (type !== 'checking' && type !== 'savings') error('account_type', 'either checking or savings');
  if (fromStored && cell('account_type') !== undefined) error('account_type', 'only with account_number');

  const cells = metadataCells(row);
  const metadataColumns = cells.map((c) => c.column);
  const metadata = cells.map(({ key, value }) => ({ key, value }));
  // The form's own rules for the amount, the bank details and the metadata.
  for (const problem of paymentProblems({
    amount: cell('amount') ?? '',
    bank: fromStored
      ? null
      : { accountNumber: cell('account_number') ?? '', routingNumber: cell('routing_number') ?? '' },
    storedAccountId: cell('account_id') ?? '',
    metadata,
  })) {
    error(columnOf(problem.path, metadataColumns), inFileWords(problem.message));
  }

  const amount = parseDollars(cell('amount') ?? '');
  if (errors.length > 0 || !payer || !amount.ok) return errors;
  return {
    row: row.row,
    payer,
    cents: amount.cents,
    source: fromStored
      ? { kind: 'stored', accountId: cell('account_id') ?? '' }
      : {
          kind: 'bank',
          accountNumber: (cell('account_number') ?? '').replaceAll(' ', ''),
          routingNumber: (cell('routing_number') ?? '').trim(),
          accountType: type as 'checking' | 'savings',
        },
    metadata: Object.fromEntries(metadata.map(({ key, value }) => [key, value])),
  };
}

/** Every row of the file by the form's rules: the payments the valid rows ask for, and each error by row and column. */
export function checkPaymentRows(file: RowsFile): { payments: RowPayment[]; errors: RowError[] } {
  const payments: RowPayment[] = [];
  const errors: RowError[] = [];
  for (const row of file.rows) {
    const checked = checkRow(row);
    if (Array.isArray(checked)) errors.push(...checked);
    else payments.push(checked);
  }
  return { payments, errors };
}
