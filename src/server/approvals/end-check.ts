import { unsealForgedEnds } from '../db/repositories/team/approval-requests';
import type { Team } from '../team';

/**
 * What the gate does not read on each payment: the ends of past requests. Each sweep checks the next page of them, and
 * one whose end seal does not verify (a waiting request set ended in the database, its seal filled with anything) is
 * reported and seen by the gate again, its keys held. Ends that verified are remembered, so a pass costs a read.
 */
const progress = new WeakMap<Team, { after: string | null; verified: Set<string> }>();

export async function checkRequestEnds(team: Team): Promise<string[]> {
  const state = progress.get(team) ?? { after: null, verified: new Set<string>() };
  progress.set(team, state);
  const { unsealed, last } = await unsealForgedEnds(team.database.db, state.after, state.verified);
  state.after = last;
  return unsealed;
}
