import { describe, expect, it } from 'vitest';
import {
  matchesAppName,
  matchesSearch,
  normalizeText,
  parseSearch,
  prefixUpperBound,
  searchTermsOf,
} from './people-search';

describe('searching people', () => {
  it('compares text without case, accents or extra spaces', () => {
    expect(normalizeText('  José  Ñúñez ')).toBe('jose nunez');
    expect(normalizeText('ADA.Lovelace@Example.COM')).toBe('ada.lovelace@example.com');
  });

  it('finds a person by names alone and together, business name, email and phone with or without country code', () => {
    const terms = searchTermsOf({
      first_name: 'Zoë',
      last_name: 'Quiñones',
      business_name: 'Quiñones Bakery',
      email: 'Zoe.Q@Example.com',
      country_code: '1',
      phone_number: '(415) 555-0134',
    });
    expect(terms).toEqual([
      'text:zoe',
      'text:quinones',
      'text:zoe quinones',
      'text:quinones bakery',
      'text:zoe.q@example.com',
      'phone:4155550134',
      'phone:14155550134',
    ]);
    expect(searchTermsOf({ first_name: 'Solo', email: null })).toEqual(['text:solo']);
  });

  it('reads a query as an id, phone digits or a text prefix', () => {
    expect(parseSearch(' 5A1DBFC8-7E4B-4C1A-9D2E-0DE30C0DE001 ')).toEqual({
      kind: 'id',
      id: '5a1dbfc8-7e4b-4c1a-9d2e-0de30c0de001',
    });
    expect(parseSearch('+1 (415) 555-01')).toEqual({ kind: 'term', prefix: 'phone:141555501' });
    expect(parseSearch('415 555')).toEqual({ kind: 'term', prefix: 'phone:415555' });
    expect(parseSearch('Ada Lov')).toEqual({ kind: 'term', prefix: 'text:ada lov' });
    expect(parseSearch('ada@')).toEqual({ kind: 'term', prefix: 'text:ada@' });
    expect(parseSearch('--')).toEqual({ kind: 'term', prefix: 'text:--' });
    expect(parseSearch('   ')).toBeNull();
  });

  it('bounds a prefix so that every term starting with it, and only those, falls in the range', () => {
    const prefix = 'text:ada';
    const inRange = (term: string) =>
      Buffer.compare(Buffer.from(term), Buffer.from(prefix)) >= 0 &&
      Buffer.compare(Buffer.from(term), Buffer.from(prefixUpperBound(prefix))) < 0;
    expect(['text:ada', 'text:ada lovelace', 'text:adaé', 'text:ada😀'].every(inRange)).toBe(true);
    expect(['text:ad', 'text:adb', 'text:ab'].some(inRange)).toBe(false);
  });

  it('filters people in hand as the sandbox searches them', () => {
    const ada = {
      id: '5a1dbfc8-7e4b-4c1a-9d2e-0de30c0de001',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      country_code: '44',
      phone_number: '2079460000',
    };
    expect(matchesSearch(ada, 'ada love')).toBe(true);
    expect(matchesSearch(ada, 'LOVE')).toBe(true);
    expect(matchesSearch(ada, 'ada@ex')).toBe(true);
    expect(matchesSearch(ada, '+44 20 79')).toBe(true);
    expect(matchesSearch(ada, '5A1DBFC8-7E4B-4C1A-9D2E-0DE30C0DE001')).toBe(true);
    expect(matchesSearch(ada, 'lace')).toBe(false);
    expect(matchesSearch(ada, '5a1dbfc8')).toBe(false);
    expect(matchesSearch(ada, '')).toBe(true);
  });

  it('finds an app by the start of any word of its name onward, or by its exact id', () => {
    const app = { id: '5a1dbfc8-7e4b-4c1a-9d2e-0de30c0de002', name: 'Globex Payments Payouts' };
    expect(matchesAppName(app, 'Payouts')).toBe(true);
    expect(matchesAppName(app, 'payments pay')).toBe(true);
    expect(matchesAppName(app, 'glob')).toBe(true);
    expect(matchesAppName(app, '5A1DBFC8-7E4B-4C1A-9D2E-0DE30C0DE002')).toBe(true);
    expect(matchesAppName(app, 'youts')).toBe(false);
    expect(matchesAppName(app, 'payouts globex')).toBe(false);
    expect(matchesAppName(app, '')).toBe(true);
  });
});
