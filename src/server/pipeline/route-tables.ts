import { Hono } from 'hono';
import { approvalRoutes } from '../approvals/routes';
import { auditRoutes } from '../audit/routes';
import type { CallService } from '../gate/service-calls';
import { sessionRoutes } from '../identity/routes';
import { liveRoutes } from '../live/routes';
import { memberRoutes } from '../members/routes';
import { payablesRoutes } from '../payables/routes';
import { payeeRoutes } from '../payees/routes';
import { ssoRoutes } from '../sso/routes';
import type { Team } from '../team';
import { walletRoutes } from '../wallets/routes';
import { mountTeamRoutes } from './mount';
import type { TeamRoute } from './route';

/**
 * Every route of the console server's own API, in one table assembled from each group's (its folder's `routes.ts`):
 * a new group adds its table here, and nowhere else. Each route names who may call it, its body's schema and its
 * action in the trail, and runs behind the one pipeline (mount.ts). `/v2` has its table in v2-table.ts.
 */
export function teamRouteTable(call: CallService | null): readonly TeamRoute[] {
  return [
    ...sessionRoutes,
    ...ssoRoutes,
    ...memberRoutes(call),
    ...approvalRoutes(call),
    ...auditRoutes,
    ...payeeRoutes(call),
    ...payablesRoutes(call),
    ...walletRoutes,
    ...liveRoutes,
  ];
}

/** The console server's own API: sign-in and sign-out, the team, one-time links, TOTP, approvals, the audit trail. */
export function teamRoutes(team: Team, call: CallService | null = null): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  mountTeamRoutes(app, team, teamRouteTable(call));
  // A route it does not have is answered by the console server (app.ts): a sub-app's own not-found is never asked.
  return app;
}
