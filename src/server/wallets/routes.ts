import { teamRoute } from '../pipeline/route';
import { refillPausesOf } from './refill-pauses';

/** `/refill-pauses`: the apps whose auto-refill the console paused, and why (wallets/refill-pauses.ts). */
export const walletRoutes = [
  teamRoute({
    method: 'GET',
    path: '/refill-pauses',
    access: 'read',
    action: 'refill-pauses.read',
    async handle({ c, member, team }) {
      const rows = await refillPausesOf(team, member.organization.id);
      return c.json({
        data: rows.map(({ app_id, app_name, amount_cents, limit_cents, paused_at }) => ({
          app_id,
          app_name,
          amount_cents,
          limit_cents,
          paused_at,
        })),
      });
    },
  }),
];
