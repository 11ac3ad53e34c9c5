import { describe, expect, it } from 'vitest';
import { firstMatch, matchPath } from './match';

describe('matchPath', () => {
  it('matches fixed paths, with or without a trailing slash', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/payments/new', '/payments/new')).toEqual({});
    expect(matchPath('/payments/new', '/payments/new/')).toEqual({});
    expect(matchPath('/payments/new', '/payments')).toBeNull();
    expect(matchPath('/payments/new', '/payments/new/x')).toBeNull();
    expect(matchPath('/', '/payments')).toBeNull();
  });

  it('reads parameters, decoded; a malformed escape is no match', () => {
    expect(matchPath('/users/:userId/addresses/new', '/users/u%201/addresses/new')).toEqual({
      userId: 'u 1',
    });
    expect(matchPath('/transfers/:transferId', '/transfers/%E0%A4%A')).toBeNull();
    expect(matchPath('/transfers/:transferId', '/transfers')).toBeNull();
  });

  it('`*` matches anything', () => {
    expect(matchPath('*', '/no/such/page')).toEqual({});
  });
});

describe('firstMatch', () => {
  const routes = [{ path: '/transfers' }, { path: '/transfers/:transferId' }, { path: '*' }];
  it('takes the first route that matches, in table order', () => {
    expect(firstMatch(routes, '/transfers')?.route.path).toBe('/transfers');
    expect(firstMatch(routes, '/transfers/abc')).toEqual({
      route: { path: '/transfers/:transferId' },
      params: { transferId: 'abc' },
    });
    expect(firstMatch(routes, '/elsewhere')?.route.path).toBe('*');
    expect(firstMatch(routes.slice(0, 2), '/elsewhere')).toBeNull();
  });
});
