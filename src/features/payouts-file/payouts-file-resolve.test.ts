import { describe, expect, it } from 'vitest';
import type { PayoutMethod } from '../../api/schemas';
import { methodForRow } from './payouts-file-resolve';

const B1 = '3f1d2c4b-5555-4000-8000-0000000000b1';
const B2 = '3f1d2c4b-5555-4000-8000-0000000000b2';

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
