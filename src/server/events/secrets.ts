import type { ConsoleDb } from '../db/database';
import { eventSecretsOf } from '../db/repositories/events/service-events';

/**
 * The signing secrets of the organization's events: those the console stored when it subscribed itself (sandbox
 * mode), and upstream PAYOUT_EVENTS_SECRET (or PAYOUT_EVENTS_SECRET_FILE), several separated by spaces while a
 * rotation overlaps.
 */
export function eventSecrets(
  db: ConsoleDb,
  env: NodeJS.ProcessEnv = {},
): (orgId: string) => Promise<string[]> {
  const fromEnv = (env.PAYOUT_EVENTS_SECRET ?? '').split(/\s+/).filter((s) => s.startsWith('whsec_'));
  return async (orgId) => [...(await eventSecretsOf(db, orgId)), ...fromEnv];
}
