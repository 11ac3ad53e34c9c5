// @vitest-environment jsdom
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, SIGNED_IN_LAYOUT, splitModuleRef } from './route-table';
import { ROUTES } from './router';
import type { LazyPage } from './routing';

describe('the route table', () => {
  it('names modules that exist (the server looks their chunks up by these names)', () => {
    const refs = [SIGNED_IN_LAYOUT, ...ROUTE_TABLE.flatMap((entry) => (entry.page ? [entry.page] : []))];
    for (const ref of refs) expect(existsSync(splitModuleRef(ref).module), ref).toBe(true);
  });

  it('gives every path a page that loads: each lazy module exports the component the table names', async () => {
    expect(ROUTES.map((route) => route.path)).toEqual(ROUTE_TABLE.map((entry) => entry.path));
    for (const route of ROUTES) {
      const parts = [route.Page, route.Layout] as (Partial<LazyPage> | undefined)[];
      await Promise.all(parts.map((part) => part?.preload?.()));
    }
  });
});
