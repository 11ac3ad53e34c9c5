import { parseBasic } from '../../node/basic-auth';
import { findOrganizationByClientId } from '../db/repositories/team/organizations';
import type { ServiceObject } from '../events/reads';
import { noticeTransferTrouble } from '../events/transfer-trouble';
import type { Team } from '../team';

/**
 * Sandbox mode: a transfer a test moved with the sandbox's helper, as the tenant (its key), is told to the tenant's
 * open pages as the service's own event would tell them. Without the tenant's key, whose it is is not known here, and
 * nothing is told.
 */
export async function tellAdvancedTransfer(
  team: Team,
  authorization: string | undefined,
  transfer: unknown,
): Promise<void> {
  const clientId = parseBasic(authorization)?.user;
  const moved = transfer as { id?: unknown; status?: unknown } | null;
  if (!clientId || typeof moved?.id !== 'string' || typeof moved.status !== 'string') return;
  const org = await findOrganizationByClientId(team.database.db, clientId);
  if (!org) return;
  await team.live.publish({ orgId: org.id, kind: 'transfer', id: moved.id, status: moved.status });
  // Its maker is told of a failure or a return as the event would have told them (once, whichever told first).
  await noticeTransferTrouble(team, org.id, moved as ServiceObject);
}
