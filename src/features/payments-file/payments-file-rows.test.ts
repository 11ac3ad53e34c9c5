import { describe, expect, it } from 'vitest';
import { fileSizeProblem } from '../../lib/file-engine/read-file';
import { describeRowError } from '../../lib/file-engine/row-checks';
import {
  checkPaymentRows,
  MAX_PAYMENT_ROWS,
  PAYMENTS_TEMPLATE_CSV,
  readPaymentsFile,
} from './payments-file-rows';

const USER = '3f1d2c4b-5555-4000-8000-000000000001';
const read = (text: string) => {
  const result = readPaymentsFile(text);
  if (!result.ok) throw new Error(result.problem);
  return result.file;
};

describe('reading a payments file', () => {
  it('takes quoted fields, commas in quotes, CRLF, a byte order mark, any header case and order', () => {
    const file = read(
      `\uFEFFAmount,User_ID,Account_Number,routing_number,METADATA.Note\r\n"1,250.05",${USER},123456789,021000021,"a, b ""c"""\r\n`,
    );
    expect(file.rows).toEqual([
      {
        row: 2,
        cells: {
          amount: '1,250.05',
          user_id: USER,
          account_number: '123456789',
          routing_number: '021000021',
          'metadata.note': 'a, b "c"',
        },
        raw: ['1,250.05', USER, '123456789', '021000021', 'a, b "c"'],
      },
    ]);
  });

  it('tells a semicolon-separated file by itself, skips blank lines and numbers rows as a spreadsheet', () => {
    const file = read(`user_id;amount;account_id\n\n${USER};12,50;acc_1\n;;\n${USER};"3";acc_2\n`);
    expect(file.rows.map((r) => [r.row, r.cells.amount])).toEqual([
      [3, '12,50'],
      [5, '3'],
    ]);
  });

  it('refuses unknown columns by name, a header alone, too many rows, too large a file and what is not text', () => {
    expect(readPaymentsFile('amount,payer,iban\n1,2,3')).toEqual({
      ok: false,
      problem: expect.stringMatching(/^Unknown columns "payer", "iban": the columns are user_id, /),
    });
    expect(readPaymentsFile('amount,user_id\n')).toMatchObject({
      problem: 'The file has a header but no payments',
    });
    const many = ['amount,user_id', ...Array.from({ length: MAX_PAYMENT_ROWS + 1 }, () => `1,${USER}`)].join(
      '\n',
    );
    expect(readPaymentsFile(many)).toMatchObject({
      problem: 'The file has 1,001 payments; a file is at most 1,000',
    });
    expect(fileSizeProblem(2 * 1024 * 1024)).toBe('The file is 2.0 MiB; a payments file is at most 1 MiB');
    expect(fileSizeProblem(0)).toBe('The file is empty');
    expect(readPaymentsFile('PK\u0003\u0004\u0014\u0000\u0006\u0000binary junk')).toMatchObject({
      problem: expect.stringMatching(/^This is not a CSV file/),
    });
    expect(readPaymentsFile('amount,amount\n1,2')).toMatchObject({
      problem: 'The column "amount" appears twice',
    });
  });

  it('has a template that reads as a file of two payments', () => {
    expect(read(PAYMENTS_TEMPLATE_CSV).rows).toHaveLength(2);
  });
});

describe('checking rows by the form’s rules', () => {
  const check = (header: string, ...lines: string[]) => checkPaymentRows(read([header, ...lines].join('\n')));

  it('turns valid rows into payments in exact cents, with their metadata', () => {
    const { payments, errors } = check(
      'user_email,amount,account_number,routing_number,account_type,metadata.invoice,metadata.empty',
      'Ada@Example.com,"$1,250.05",0001 2345 678,021000021,Savings,INV-1,',
    );
    expect(errors).toEqual([]);
    expect(payments).toEqual([
      {
        row: 2,
        payer: { kind: 'user', email: 'ada@example.com' },
        cents: 125005,
        source: {
          kind: 'bank',
          accountNumber: '00012345678',
          routingNumber: '021000021',
          accountType: 'savings',
        },
        metadata: { invoice: 'INV-1' },
      },
    ]);
    expect(
      check('customer_id,amount,account_number,routing_number', `${USER},0.29,123456789,021000021`)
        .payments[0],
    ).toMatchObject({ payer: { kind: 'customer', id: USER }, cents: 29 });
  });

  it('names every problem by row and column, in the words of the form', () => {
    const { payments, errors } = check(
      'user_id,customer_id,amount,account_id,account_number,routing_number,metadata.console_request_id',
      `${USER},,twelve,acc_1,,,`,
      `,,1.234,,123,021000022,`,
      `not-an-id,,0,acc_2,,,`,
      `,${USER},5,acc_3,,,x`,
    );
    expect(payments).toEqual([]);
    expect(errors.map(describeRowError)).toEqual([
      'Row 2, amount: not a dollar amount',
      'Row 3, user_id: give exactly one payer: user_id, customer_id or user_email',
      'Row 3, amount: at most two decimal places (whole cents)',
      'Row 3, account_number: an account number has 7 to 17 digits',
      'Row 3, routing_number: this is not a valid ABA routing number (check digit does not match)',
      'Row 4, user_id: not an ID (a UUID, like 3f1d2c4b-…)',
      'Row 4, amount: the amount must be at least $0.01',
      'Row 5, account_id: stored accounts belong to users: pay a customer from account_number and routing_number',
      'Row 5, metadata.console_request_id: the console sets this key itself',
    ]);
  });

  it('refuses a cell that starts like a spreadsheet formula, but not a signed number', () => {
    const { errors } = check(
      'user_id,amount,account_id,metadata.note',
      `${USER},=1+1,acc_1,`,
      `${USER},12,acc_1,@SUM(A1)`,
      `${USER},-5,acc_1,+1 415`,
    );
    expect(errors.map(describeRowError)).toEqual([
      'Row 2, amount: starts with "=" like a spreadsheet formula, which the console does not take',
      'Row 3, metadata.note: starts with "@" like a spreadsheet formula, which the console does not take',
      'Row 4, metadata.note: starts with "+" like a spreadsheet formula, which the console does not take',
    ]);
  });
});
