import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../sandbox/app';
import { createConsoleApp } from './app';
import { config } from './test/config';

/**
 * Every page of the console's route table, opened by its address (a link pasted, a tab reloaded), is answered with
 * the console's page: never with an API's JSON or a 404. The browser's side (each page then shows its heading) is
 * walked on a few pages by e2e/what-a-team-sees.spec.ts.
 */

/** Every path pattern of the route tables, read from their source: a page added there is tried here too. */
function routeTablePaths(): string[] {
  const sources = ['routes.tsx', 'onboarding-routes.tsx', 'bill-routes.ts', 'ap-routes.ts'].map((file) =>
    readFileSync(new URL(`../app/${file}`, import.meta.url), 'utf8'),
  );
  return sources.flatMap((source) =>
    [...source.matchAll(/\bpaths: \[([^\]]+)\]/g)].flatMap((match) =>
      [...(match[1] ?? '').matchAll(/'([^']+)'/g)].map((path) => path[1] as string),
    ),
  );
}

describe('the pages of the route table', () => {
  const sandbox = createSandbox({ config: { dbFile: ':memory:', settleMs: 0, idempotencyTtlMs: 1000 } });
  const app = createConsoleApp(config(), sandbox);
  const paths = routeTablePaths();

  it('are read from the route tables', () => {
    // The tables hold forty pages and more; a reader that found none would prove nothing.
    expect(paths.length).toBeGreaterThanOrEqual(40);
    expect(paths).toEqual(expect.arrayContaining(['/', '/transfers/:transferId', '/bills/:billId/edit']));
  });

  it.each(routeTablePaths())(
    '%s opened by its address is the console page, not an API answer',
    async (pattern) => {
      const path = pattern.replace(/:\w+/g, '0b6d3f9e-5c1a-4e2b-9f3d-7a8c1e2f4b5d');
      const answer = await app.request(path, { headers: { Accept: 'text/html' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toContain('text/html');
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      const body = await answer.text();
      expect(body).toContain('<div id="root"></div>');
      expect(body).not.toContain('"error_code"');
    },
  );
});
