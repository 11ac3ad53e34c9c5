import { fileReader, MAX_FILE_ROWS, type RowsFile } from '../../lib/file-engine/read-file';
import { checkRows, oneOfCells, type RowCheck, type RowError } from '../../lib/file-engine/row-checks';
import { parseDollars } from '../../lib/money';
import type { PaymentSource } from '../../lib/payment-request';
import { paymentProblems } from '../../lib/payment-rules';

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
export const readPaymentsFile = fileReader({
  columns: PAYMENT_COLUMNS,
  rowsAre: 'payments',
  maxRows: MAX_PAYMENT_ROWS,
});

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

function checkRow(check: RowCheck): RowPayment | null {
  const { row, cell, error } = check;
  const named = oneOfCells(
    check,
    ['user_id', 'customer_id', 'user_email'],
    'payer: user_id, customer_id or user_email',
  );
  const payer: RowPayer | null = !named
    ? null
    : named.column === 'user_email'
      ? { kind: 'user', email: named.value }
      : named.column === 'user_id'
        ? { kind: 'user', id: named.value }
        : { kind: 'customer', id: named.value };

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

  const { metadata } = check;
  // The form's own rules for the amount, the bank details and the metadata.
  for (const problem of paymentProblems({
    amount: cell('amount') ?? '',
    bank: fromStored
      ? null
      : { accountNumber: cell('account_number') ?? '', routingNumber: cell('routing_number') ?? '' },
    storedAccountId: cell('account_id') ?? '',
    metadata,
  })) {
    check.ruleProblem(problem);
  }

  const amount = parseDollars(cell('amount') ?? '');
  if (!payer || !amount.ok) return null;
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
  const { valid, errors } = checkRows(file, checkRow);
  return { payments: valid, errors };
}
