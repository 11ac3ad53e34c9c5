import { intFromEnv } from '../../node/env';
import { organizationsWithEvents } from '../db/repositories/events/service-events';
import { findOrganizationByClientId } from '../db/repositories/team/organizations';
import type { CallService } from '../gate/service-calls';
import type { ChangeSink } from '../live/changes';
import type { Team } from '../team';
import { ensureSubscription } from './subscribe';
import { DEFAULT_SWEEP, DEFAULT_SWEEP_REACH, startEventSweep } from './sweep';

export interface EventsStart {
  team: Team;
  call: CallService;
  sink: ChangeSink;
  /** Where the service reaches this console (PUBLIC_URL). */
  publicUrl: string;
  /** Sandbox mode: the organization the console subscribes to its own sandbox (the demo's). */
  sandboxClientId: string | null;
  /** Upstream: the organization's client id, watched when PAYOUT_EVENTS_SECRET is set. */
  upstreamClientId: string | null;
  env: NodeJS.ProcessEnv;
  onError(error: Error): void;
}

/**
 * Events at start: in sandbox mode the console subscribes itself to its own sandbox (once, however often it starts);
 * then the sweep reads the service at start and whenever events stop for EVENT_SWEEP_WINDOW_MS. Returns the
 * function that stops it.
 */
export async function startEvents(start: EventsStart): Promise<() => void> {
  const { team, call, sink, env } = start;
  const db = team.database.db;
  if (start.sandboxClientId) {
    const org = await findOrganizationByClientId(db, start.sandboxClientId);
    if (org) await ensureSubscription(team, call, org, start.publicUrl);
  }
  const upstream =
    start.upstreamClientId && env.PAYOUT_EVENTS_SECRET?.trim()
      ? await findOrganizationByClientId(db, start.upstreamClientId)
      : undefined;
  const orgIds = async () => {
    const ids = await organizationsWithEvents(db);
    return upstream && !ids.includes(upstream.id) ? [...ids, upstream.id] : ids;
  };
  return startEventSweep(
    { team, call, sink },
    {
      windowMs: intFromEnv(env, 'EVENT_SWEEP_WINDOW_MS', DEFAULT_SWEEP.windowMs),
      lookbackMs: intFromEnv(env, 'EVENT_SWEEP_LOOKBACK_MS', DEFAULT_SWEEP.lookbackMs),
      keepMs: intFromEnv(env, 'EVENT_KEEP_MS', DEFAULT_SWEEP.keepMs),
      reach: {
        ...DEFAULT_SWEEP_REACH,
        pages: Math.max(1, intFromEnv(env, 'EVENT_SWEEP_PAGES', DEFAULT_SWEEP_REACH.pages)),
      },
    },
    start.onError,
    orgIds,
  );
}
