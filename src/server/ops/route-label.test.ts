import { describe, expect, it } from 'vitest';
import { routeLabel } from './route-label';

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
