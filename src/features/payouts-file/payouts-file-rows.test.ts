import { describe, expect, it } from 'vitest';
import { checkPayoutRows, PAYOUTS_TEMPLATE_CSV, platformOf, readPayoutsFile } from './payouts-file-rows';

const USER = 'a169451c-8525-4352-b8ca-070dd449a1a5';
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
