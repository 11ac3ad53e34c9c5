import { describe, expect, it } from 'vitest';
import { RouteLabels, routeLabel } from './route-label';

describe('routeLabel', () => {
  it('replaces ids with a placeholder so one route is one label', () => {
    expect(routeLabel('GET', '/v2/transfers/3f1c2b9a-1111-4c1a-9d2e-0de30c0de001')).toBe(
      'GET /v2/transfers/:id',
    );
    expect(routeLabel('POST', '/api/team/approvals/req_0123456789abcdef/approve')).toBe(
      'POST /api/team/approvals/:id/approve',
    );
  });

  it('never keeps a one-time token of a hosted flow', () => {
    const label = routeLabel('GET', '/flow/Zk3vL0ngT0kenThatOpensAPayeesFlow/details');
    expect(label).toBe('GET /flow/:token/…');
    expect(label).not.toContain('Zk3v');
  });

  it('names pages and assets by kind, never by the path a client chose', () => {
    expect(routeLabel('GET', '/people/anything-at-all')).toBe('GET (page)');
    expect(routeLabel('GET', '/assets/index-abc123.js')).toBe('GET (asset)');
  });
});

describe('RouteLabels', () => {
  it('gives the label routeLabel gives, keeping only the paths it keeps whole, never an id or a token', () => {
    const labels = new RouteLabels(2);
    for (const [method, path] of [
      ['POST', '/v2/payments'],
      ['POST', '/v2/payments'],
      ['GET', '/v2/transfers/3f1c2b9a-1111-4c1a-9d2e-0de30c0de001'],
      ['GET', '/flow/Zk3vL0ngT0kenThatOpensAPayeesFlow/details'],
      ['GET', '/people/anything-at-all'],
    ] as const) {
      expect(labels.of(method, path)).toBe(routeLabel(method, path));
    }
    expect(labels.size).toBe(1);
    // Full, it starts over rather than grow with the paths a client makes up.
    labels.of('GET', '/v2/users');
    labels.of('GET', '/v2/apps');
    expect(labels.size).toBe(1);
    expect(labels.of('GET', '/v2/apps')).toBe('GET /v2/apps');
  });
});
