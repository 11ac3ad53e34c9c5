import { describe, expect, it } from 'vitest';
import type { PayoutMethod } from '../../api/schemas';
import { checkPayoutRows, PAYOUTS_TEMPLATE_CSV, platformOf, readPayoutsFile } from './payout-file';
import { methodForRow } from './payout-resolve';

const USER = 'a169451c-8525-4352-b8ca-070dd449a1a5';
const B1 = '3f1d2c4b-5555-4000-8000-0000000000b1';
const B2 = '3f1d2c4b-5555-4000-8000-0000000000b2';
const ACCOUNT = '3f1d2c4b-5555-4000-8000-000000000001';

function rows(text: string) {
  const read = readPayoutsFile(text);
  if (!read.ok) throw new Error(read.problem);
  return checkPayoutRows(read.file);
}

describe('a payouts file', () => {
  it('reads the template: a payee by email or id, an amount, a platform, an account, metadata', () => {
    const { payouts, errors } = rows(PAYOUTS_TEMPLATE_CSV);
    expect(errors).toEqual([]);
    expect(payouts.map((p) => [p.row, p.cents, p.platform])).toEqual([
      [2, 125005, 'paypal'],
      [3, 4900, 'ach'],
      [4, 8000, 'default'],
    ]);
    expect(payouts[1]).toMatchObject({
      payee: { id: USER },
      accountId: ACCOUNT,
      metadata: { invoice: 'INV-2002' },
    });
  });

  it('names each bad cell by row and column, and refuses a column it does not know', () => {
    const { payouts, errors } = rows(
      [
        'user_id,user_email,amount,platform,account_id',
        `${USER},sam@example.com,1.00,paypal,`,
        ',not-an-email,1.00,paypal,',
        `${USER},,1.001,zelle,`,
        `${USER},,=1+2,paypal,`,
        `${USER},,5,default,${ACCOUNT}`,
        `${USER},,5,bank_transfer,`,
      ].join('\n'),
    );
    expect(errors.map((e) => `${e.row} ${e.column}: ${e.message}`)).toEqual([
      '2 user_email: give exactly one payee: user_id or user_email',
      '3 user_email: not an email address',
      '4 amount: at most two decimal places (whole cents)',
      '4 platform: not a payout method: give ach, paypal, venmo, cash_app or default',
      '5 amount: starts with "=" like a spreadsheet formula, which the console does not take',
      '6 account_id: name the platform of this account, or leave account_id out for the default',
    ]);
    expect(payouts.map((p) => [p.row, p.platform])).toEqual([[7, 'ach']]);
    expect(readPayoutsFile('user_id,amount,iban\n1,2,3')).toMatchObject({ ok: false });
  });

  it('takes the vendor names of platforms in any case; an empty one is the default', () => {
    expect(platformOf('PayPal')).toBe('paypal');
    expect(platformOf(undefined)).toBe('default');
    expect(platformOf('wire')).toBeNull();
  });
});

describe("a row's method among the payee's", () => {
  const methods: PayoutMethod[] = [
    { id: B1, platform: 'ach', mask: '1111', account_type: 'checking' },
    { id: B2, platform: 'ach', mask: '2222', account_type: 'savings' },
    { id: 'p1', platform: 'paypal', email: 'sam@example.com', is_default: true },
  ];

  it('finds the one named, the only one of its kind, or the default', () => {
    expect(methodForRow({ platform: 'ach', accountId: B2 }, methods)).toMatchObject({ accountId: B2 });
    expect(methodForRow({ platform: 'paypal' }, methods)).toMatchObject({ method: { id: 'p1' } });
    expect(methodForRow({ platform: 'default' }, methods)).toMatchObject({ method: { id: 'p1' } });
    expect(methodForRow({ platform: 'ach' }, methods.slice(1))).toMatchObject({ accountId: B2 });
  });

  it('never names a bank account by an id that is not one (a mock answers "string")', () => {
    expect(methodForRow({ platform: 'ach' }, [{ id: 'string', platform: 'ach', mask: '1111' }])).toEqual({
      column: 'platform',
      message: 'this user has no saved bank account',
    });
  });

  it('says what is missing at the column that can fix it', () => {
    expect(methodForRow({ platform: 'ach' }, methods)).toEqual({
      column: 'account_id',
      message: 'this user has 2 bank accounts: give account_id',
    });
    expect(methodForRow({ platform: 'venmo' }, methods)).toEqual({
      column: 'platform',
      message: 'this user has no Venmo method',
    });
    expect(methodForRow({ platform: 'paypal', accountId: B1 }, methods)).toEqual({
      column: 'account_id',
      message: 'not a PayPal method of this user',
    });
    expect(methodForRow({ platform: 'default' }, [])).toMatchObject({ column: 'platform' });
  });
});
