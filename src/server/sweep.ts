import { checkRequestEnds } from './approvals/end-check';
import { resumeOrphans } from './approvals/execution/executor';
import { expireDueRequests } from './approvals/expiry';
import type { CallService } from './gate/service-calls';
import { expireDueTeamRequests } from './members/team-requests';
import { opsEvents } from './ops/events';
import { expireDuePayeeRequests } from './payees/decide';
import type { Team } from './team';

/**
 * What the console server does on its own, never on a read: every lease (EXECUTOR_LEASE_MS) it writes down the
 * requests whose deadline passed (approval requests and team requests, each with its line in the trail, a maker told
 * by mail), and takes over approved requests whose executor stopped (their keys make paying them again safe, and what
 * already arrived is looked up first). Readers never wait for it: they see a request past its deadline as expired
 * already (lib/request-lifecycle.ts).
 */
export async function sweep(
  team: Team,
  call: CallService | null,
): Promise<{ expired: number; resumed: number }> {
  // Nothing that writes a line while the trail is cut under this server (audit/witness.ts): it waits for an operator.
  if (team.auditWitness.broken) return { expired: 0, resumed: 0 };
  const expired =
    (await expireDueRequests(team)) +
    (await expireDueTeamRequests(team)) +
    (await expireDuePayeeRequests(team));
  await checkRequestEnds(team);
  const resumed = call ? await resumeOrphans(team, call) : 0;
  if (resumed > 0) opsEvents.emit('takeover', { requests: resumed });
  return { expired, resumed };
}

/** Sweeps now and every `everyMs` (one timer for all of it); returns the function that stops it. */
export function startSweep(
  team: Team,
  call: CallService | null,
  everyMs: number,
  onError: (error: Error) => void,
): () => void {
  let running = false;
  const once = async () => {
    if (running) return;
    running = true;
    try {
      const { resumed } = await sweep(team, call);
      if (resumed > 0) console.log(`Resumed ${resumed} approved request(s) whose executor had stopped.`);
    } catch (error) {
      onError(error as Error);
    } finally {
      running = false;
    }
  };
  void once();
  const timer = setInterval(() => void once(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
