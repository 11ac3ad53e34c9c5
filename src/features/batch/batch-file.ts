import {
  type FileCheck,
  type FileSpec,
  MAX_FILE_ROWS,
  type RowsFile,
  readRowsFile,
} from '../../lib/file-engine/read-file';

export const MAX_PAYMENT_ROWS = MAX_FILE_ROWS;
/** A payments file as read. */
export type PaymentsFile = RowsFile;

/** The columns a payments file may have; any number of `metadata.<key>` besides. */
export const COLUMNS = [
  'user_id',
  'customer_id',
  'user_email',
  'amount',
  'account_id',
  'account_number',
  'routing_number',
  'account_type',
] as const;
export const PAYMENTS_FILE: FileSpec = { columns: COLUMNS, rowsAre: 'payments', maxRows: MAX_PAYMENT_ROWS };

export function readPaymentsFile(text: string): FileCheck {
  return readRowsFile(text, PAYMENTS_FILE);
}

/** The template: the header, and two rows that show each way to name the payer and the account. */
export const TEMPLATE_CSV = [
  'user_email,user_id,customer_id,amount,account_id,account_number,routing_number,account_type,metadata.invoice',
  'amara.okafor@example.com,,,"1,250.05",,000123456789,021000021,checking,INV-1001',
  ',,3f1d2c4b-5555-4000-8000-000000000001,49.00,,987654321,026009593,savings,INV-1002',
  '',
].join('\r\n');
