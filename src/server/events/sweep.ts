import { EVENT_OBJECTS, type EventObject } from '../../lib/service-events';
import {
  eventWatchOf,
  noteSwept,
  organizationsWithEvents,
  pruneReceivedEvents,
} from '../db/repositories/events/service-events';
import { findOrganization } from '../db/repositories/team/organizations';
import type { OrganizationRow } from '../db/schema/team';
import { log } from '../ops/logger';
import { applyRead, READ_NOW } from './apply';
import type { EventDeps } from './receive';
import { type ListReach, recentObjects } from './sweep-reads';
import { noticeTransferTrouble } from './transfer-trouble';

export interface SweepTiming {
  /** A gap in an organization's events longer than this, and the service is read (EVENT_SWEEP_WINDOW_MS). */
  windowMs: number;
  /** How far back a sweep reads: a payment settles or is returned within days (EVENT_SWEEP_LOOKBACK_MS). */
  lookbackMs: number;
  /** How long a received event's id is kept to refuse it again (EVENT_KEEP_MS); never less than the replay window. */
  keepMs: number;
  /** How far into each list a sweep reads (EVENT_SWEEP_PAGES: pages of transfers); DEFAULT_SWEEP_REACH when absent. */
  reach?: ListReach;
}

/**
 * A delivery's timestamp is refused outside five minutes (verify.ts, the Standard Webhooks tolerance), so a replay of
 * the same signed bytes is refused by its age after that: the ids kept for dedupe must cover at least this window. The
 * default keeps a week, longer than a sender retries (about a day), so that its late retries are still found as
 * duplicates rather than applied again (harmless, but a second read of the service).
 */
export const REPLAY_WINDOW_MS = 5 * 60_000;

export const DEFAULT_SWEEP: SweepTiming = {
  windowMs: 5 * 60_000,
  lookbackMs: 7 * 24 * 60 * 60_000,
  keepMs: 7 * 24 * 60 * 60_000,
};

/**
 * The dedupe window: what was asked, but never shorter than twice the replay window (a timestamp is taken five minutes
 * either side of now, so the same signed bytes verify for up to ten minutes after they arrived): within it a replay is
 * found by its id, after it refused by its age.
 */
export const dedupeWindowMs = (keepMs: number) => Math.max(keepMs, REPLAY_WINDOW_MS * 2);

type SweepDeps = Pick<EventDeps, 'team' | 'call' | 'sink'>;

/**
 * How far into each list a sweep reads: `pages` pages of transfers (the many; EVENT_SWEEP_PAGES), a fifth as many of
 * each other kind (a few a day). An organization that makes more within the lookback than that holds is told in the
 * log, by kind, each time a sweep stops short: what is older was not read, and the setting is what to raise.
 */
export const DEFAULT_SWEEP_REACH: ListReach = { pages: 50, pageSize: 100 };

function reachOf(kind: EventObject, reach: ListReach): ListReach {
  return kind === 'transfer' ? reach : { ...reach, pages: Math.max(1, Math.ceil(reach.pages / 5)) };
}

/**
 * Nothing is missed: the organization's recent objects of every kind an event can be about (transfers, payout links,
 * payout requests, bills, flows, users' verification) read from the service and applied as if their events had come
 * (an older status never replacing a newer one, a change told once). The number applied; null when the service could
 * not be read (nothing is taken for "not there", and the next round reads again).
 */
export async function sweepOrganization(
  { team, call, sink }: SweepDeps,
  org: OrganizationRow,
  lookbackMs: number,
  reach: ListReach = DEFAULT_SWEEP_REACH,
): Promise<number | null> {
  const credentials = team.credentialsFor(org);
  if (!credentials) return null;
  const now = team.now();
  const since = new Date(now.getTime() - lookbackMs).toISOString();
  let applied = 0;
  try {
    for (const kind of EVENT_OBJECTS) {
      const kindReach = reachOf(kind, reach);
      const capped = () =>
        log().warn(
          { kind: 'sweep', org_id: org.id, object: kind, pages: kindReach.pages, since },
          `the sweep read ${kindReach.pages} pages of ${kind}s and stopped short of the lookback: older changes were not read (EVENT_SWEEP_PAGES)`,
        );
      for await (const object of recentObjects(call, credentials, kind, since, kindReach, capped)) {
        if ((await applyRead(team.database.db, sink, org.id, kind, object, READ_NOW, now)) !== 'applied')
          continue;
        applied++;
        if (kind === 'transfer') await noticeTransferTrouble(team, org.id, object);
      }
    }
  } catch {
    return null;
  }
  await noteSwept(team.database.db, org.id, now.toISOString());
  return applied;
}

/** Whether an organization's events have gone quiet for longer than the window, and no sweep has read since. */
async function isQuiet(deps: SweepDeps, orgId: string, windowMs: number): Promise<boolean> {
  const watch = await eventWatchOf(deps.team.database.db, orgId);
  const since = (at: string | null | undefined) =>
    at ? deps.team.now().getTime() - Date.parse(at) : Infinity;
  return since(watch?.last_event_at) > windowMs && since(watch?.swept_at) > windowMs;
}

/**
 * Sweeps every organization the console takes events for at start, then whenever its events stop for longer than the
 * window (looked at every half window); each look also forgets the events received before the dedupe window. Returns
 * the function that stops it.
 */
export function startEventSweep(
  deps: SweepDeps,
  timing: SweepTiming,
  onError: (error: Error) => void,
  /** The organizations to watch: by default those the console holds an event secret of. */
  orgIds: () => Promise<string[]> = () => organizationsWithEvents(deps.team.database.db),
): () => void {
  let running = false;
  const round = async (all: boolean) => {
    if (running) return;
    running = true;
    try {
      const keptFrom = deps.team.now().getTime() - dedupeWindowMs(timing.keepMs);
      await pruneReceivedEvents(deps.team.database.db, new Date(keptFrom).toISOString());
      for (const orgId of await orgIds()) {
        if (!all && !(await isQuiet(deps, orgId, timing.windowMs))) continue;
        const org = await findOrganization(deps.team.database.db, orgId);
        if (org) await sweepOrganization(deps, org, timing.lookbackMs, timing.reach);
      }
    } catch (error) {
      onError(error as Error);
    } finally {
      running = false;
    }
  };
  void round(true);
  const timer = setInterval(() => void round(false), Math.max(50, Math.floor(timing.windowMs / 2)));
  timer.unref();
  return () => clearInterval(timer);
}
