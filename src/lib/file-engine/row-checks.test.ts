import { describe, expect, it } from 'vitest';
import { fileReader } from './read-file';
import { amountCell, checkRows, oneOfCells } from './row-checks';

const read = fileReader({
  columns: ['user_id', 'user_email', 'user_name', 'amount'],
  rowsAre: 'rows',
  maxRows: 10,
});
const ID = 'A169451C-8525-4352-B8CA-070DD449A1A5';

/** Each row's user and amount by the two cell checks, and each error as "row column: message". */
function checked(lines: string[]) {
  const file = read(['user_id,user_email,user_name,amount', ...lines].join('\n'));
  if (!file.ok) throw new Error(file.problem);
  const { valid, errors } = checkRows(file.file, (check) => {
    const user = oneOfCells(check, ['user_id', 'user_email', 'user_name'], 'user: id, email or name');
    const cents = amountCell(check);
    return user && cents !== null ? { user, cents } : null;
  });
  return { valid, errors: errors.map((e) => `${e.row} ${e.column}: ${e.message}`) };
}

describe("the cells that name a row's user and its amount", () => {
  it('reads an id and an email in lower case, a name with single spaces, and the amount in cents', () => {
    expect(
      checked([`${ID},,,1.00`, ',Li.Wei@Example.com,,"1,250.05"', ',,Amara   Okafor,0.01']).valid,
    ).toEqual([
      { user: { column: 'user_id', value: ID.toLowerCase() }, cents: 100 },
      { user: { column: 'user_email', value: 'li.wei@example.com' }, cents: 125005 },
      { user: { column: 'user_name', value: 'Amara Okafor' }, cents: 1 },
    ]);
  });

  it('wants exactly one user, each cell checked by its kind, and an amount a payment may be', () => {
    expect(
      checked([
        `${ID},li@example.com,,1.00`,
        ',,,1.00',
        'not-an-id,,,1.00',
        ',not mail,,1.00',
        ',,Sam,0',
        ',,Sam,1.234',
      ]).errors,
    ).toEqual([
      '2 user_email: give exactly one user: id, email or name',
      '3 user_id: give exactly one user: id, email or name',
      '4 user_id: not an ID (a UUID, like 3f1d2c4b-…)',
      '5 user_email: not an email address',
      '6 amount: the amount must be at least $0.01',
      '7 amount: at most two decimal places (whole cents)',
    ]);
  });
});
