import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { derivedFileName, rowsToFixCsv } from '../../lib/file-engine/file-exports';
import { toPaymentRequest } from '../../lib/payment-request';
import { resultsCsv, summaryLine, transactionWords } from './payments-file-exports';
import type { PlannedPayment } from './payments-file-plan';
import type { ResolvedPayment } from './payments-file-resolve';
import { readPaymentsFile } from './payments-file-rows';

/** How a spreadsheet or a script reads the text back. */
const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

/** A row's body, as sendPaymentRow makes it: the one builder the form uses too. */
const toBatchRequest = (row: PlannedPayment, operator: string | undefined) =>
  toPaymentRequest(row.payment, { idempotencyKey: row.key, operator });

const ADA = '3f1d2c4b-5555-4000-8000-000000000001';
const planned = (row: number, over: Partial<ResolvedPayment> = {}): PlannedPayment => ({
  payment: {
    row,
    payer: { kind: 'user', email: 'ada@example.com' },
    payerKind: 'user',
    payerId: ADA,
    payerName: '=Ada Lovelace',
    payerEmail: 'ada@example.com',
    cents: 125_005,
    source: {
      kind: 'bank',
      accountNumber: '000123456789',
      routingNumber: '021000021',
      accountType: 'checking',
    },
    metadata: { invoice: 'INV-1' },
    ...over,
  },
  key: `batch_${row}`,
  alreadyPaid: null,
  repeats: null,
  paidRecently: null,
  paysAgain: null,
});

describe('what a batch writes back', () => {
  it('sums up a run in one line, naming the rows not sent only when there are some', () => {
    const counts = { created: 48, alreadyPaid: 0, refused: 0, unknown: 0, notSent: 0 };
    expect(summaryLine(counts)).toBe('48 created · 0 already paid · 0 refused · 0 unknown');
    expect(summaryLine({ ...counts, created: 40, notSent: 8 })).toBe(
      '40 created · 0 already paid · 0 refused · 0 unknown · 8 not sent',
    );
  });

  it('gives results with the account masked and no cell a spreadsheet would run', () => {
    const csv = resultsCsv([
      { planned: planned(2), outcome: { kind: 'created', transferId: 't-1', transactionId: '41' } },
      {
        planned: planned(3, { source: { kind: 'stored', accountId: 'pm-9' } }),
        outcome: { kind: 'refused', message: '-not allowed' },
      },
    ]);
    expect(csv).not.toContain('123456789');
    expect(parseCsv(csv)).toEqual([
      [
        'row',
        'payer',
        'payer_email',
        'amount',
        'account',
        'outcome',
        'transfer_id',
        'error',
        'transaction_id',
      ],
      ['2', "'=Ada Lovelace", 'ada@example.com', '1250.05', '•••• 6789', 'Created', 't-1', '', '41'],
      [
        '3',
        "'=Ada Lovelace",
        'ada@example.com',
        '1250.05',
        'stored account pm-9',
        'Refused',
        '',
        "'-not allowed",
        '',
      ],
    ]);
  });

  it("names a paid row's transaction, and says a payment just made is on its way", () => {
    expect(transactionWords({ kind: 'created', transferId: 't-1', transactionId: '41' })).toBe(
      'Transaction 41: on its way, spendable once it arrives',
    );
    expect(transactionWords({ kind: 'alreadyPaid', transferId: 't-1', transactionId: '41' })).toBe(
      'Transaction 41',
    );
    expect(transactionWords({ kind: 'created', transferId: 't-1' })).toBeNull();
    expect(transactionWords({ kind: 'refused', message: 'no' })).toBeNull();
  });

  it('gives the rows to fix as the operator wrote them, with their errors, so that fixed they go back in', () => {
    const read = readPaymentsFile(
      'user_email,amount,account_number,routing_number\r\na@x.co,1.00,123456789,021000021\r\nb@x.co,1.2.3,123456789,021000021\r\n',
    );
    if (!read.ok) throw new Error(read.problem);
    const csv = rowsToFixCsv(read.file, [
      { row: 3, column: 'amount', message: 'not a dollar amount' },
      { row: 3, column: 'user_email', message: 'no user has this email' },
    ]);
    expect(parseCsv(csv)).toEqual([
      ['user_email', 'amount', 'account_number', 'routing_number', 'error'],
      [
        'b@x.co',
        '1.2.3',
        '123456789',
        '021000021',
        'Row 3, amount: not a dollar amount; Row 3, user_email: no user has this email',
      ],
    ]);
    expect(derivedFileName('november.csv', 'to-fix')).toBe('november-to-fix.csv');
    expect(derivedFileName('.csv', 'results')).toBe('payments-results.csv');
  });

  it('sends each row with its key as the idempotency key and as the request id, in exact cents', () => {
    expect(toBatchRequest(planned(2), 'ops@example.com')).toEqual({
      amount: 125_005,
      platform: 'ach',
      user_id: ADA,
      ach_info: { account_number: '000123456789', routing_number: '021000021', account_type: 'checking' },
      metadata: { invoice: 'INV-1', console_request_id: 'batch_2', initiated_by: 'ops@example.com' },
      idempotency_key: 'batch_2',
    });
    const customer = planned(3, { payerKind: 'customer', source: { kind: 'stored', accountId: 'pm-1' } });
    expect(toBatchRequest(customer, undefined)).toMatchObject({ customer_id: ADA, account_id: 'pm-1' });
  });
});
