import { refillPauseReason } from '../../lib/refill-pauses';
import type { ApprovalPolicy, PolicySettings } from '../approvals/policy';
import { consoleEntry } from '../audit/chain';
import * as pauseRows from '../db/repositories/wallets/refill-pauses';
import type { RefillPauseRow } from '../db/schema/wallets';
import { type CallService, RuleCheckUnavailable, readForRule, serviceRequest } from '../gate/service-calls';
import type { OrganizationRow } from '../members/members';
import type { Team } from '../team';

/**
 * An auto-refill is a standing instruction: the service moves its amount into the app's wallet each time the wallet
 * falls below the threshold, with no member behind each run (and upstream the console never sees a run). So when a
 * policy makes a running refill's amount one a member may no longer set alone (the limit lowered below it, or
 * approvals switched on), the refill is switched off at the service before the policy holds, and stays off until a
 * member sets it again, judged by the policy then (wallets/grants.ts). If the service does not answer, the policy
 * does not change: the new limit and a refill above it never hold together.
 */

interface AppSettings {
  auto_refill_active?: unknown;
  refill_amount?: unknown;
}

/** Whether `wanted` may leave a refill that ran alone under `before` above what one member may set now. */
function narrows(before: ApprovalPolicy, wanted: PolicySettings): boolean {
  return !before.enabled || wanted.limitCents < before.limitCents;
}

/** Every app of the organization, page by page (the service's pages of at most 100, by `starting_after`). */
async function appsOf(call: CallService, credentials: { clientId: string; apiKey: string }) {
  const apps: { id: string; name: string | null }[] = [];
  for (let after: string | null = null; ; ) {
    const query: string = `limit=100${after ? `&starting_after=${encodeURIComponent(after)}` : ''}`;
    const page =
      (await readForRule<unknown[]>(call, serviceRequest(credentials, `/v2/apps?${query}`), 'array')) ?? [];
    for (const app of page as { id?: unknown; name?: unknown }[]) {
      if (typeof app?.id !== 'string') throw new RuleCheckUnavailable('/v2/apps', 'an app without an id');
      apps.push({ id: app.id, name: typeof app.name === 'string' ? app.name : null });
    }
    if (page.length < 100) return apps;
    after = apps.at(-1)?.id ?? null;
  }
}

/**
 * Before `wanted` applies (with approvals on): each app whose refill runs above its limit (or, when the policy
 * narrows, whose settings the service does not say, upstream) is switched off at the service, recorded with why, and
 * written in the trail. Throws RuleCheckUnavailable when a read or a switch is not answered; answers the pauses made.
 */
export async function pauseRefillsAbove(
  team: Team,
  call: CallService | null,
  org: OrganizationRow,
  before: ApprovalPolicy,
  wanted: PolicySettings,
  /** Apps paused by a pass before this one: switched off again if need be, not noted twice. */
  already: ReadonlySet<string> = new Set(),
): Promise<RefillPauseRow[]> {
  const credentials = team.credentialsFor(org);
  if (!wanted.enabled || !call || !credentials) return [];
  const paused: RefillPauseRow[] = [];
  for (const app of await appsOf(call, credentials)) {
    const path = `/v2/apps/${encodeURIComponent(app.id)}`;
    const settings = await readForRule<AppSettings>(
      call,
      serviceRequest(credentials, `${path}/settings`),
      'object',
    );
    const amount = typeof settings?.refill_amount === 'number' ? settings.refill_amount : null;
    if (settings === null) {
      // Upstream the service does not say what is set (docs/sandbox.md): a refill that may be running above the limit
      // is paused when the policy narrows (one set through the console was judged by the policy before).
      if (!narrows(before, wanted)) continue;
    } else if (settings.auto_refill_active !== true || (amount !== null && amount <= wanted.limitCents)) {
      continue;
    }
    const switched = await call(
      serviceRequest(credentials, `${path}/change_settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ auto_refill_active: false }),
      }),
    ).catch((error: Error) => {
      throw new RuleCheckUnavailable(`${path}/change_settings`, error.message);
    });
    if (!switched.ok) throw new RuleCheckUnavailable(`${path}/change_settings`, `status ${switched.status}`);
    if (already.has(app.id)) continue;
    const pause: RefillPauseRow = {
      org_id: org.id,
      app_id: app.id,
      app_name: app.name,
      amount_cents: amount,
      limit_cents: wanted.limitCents,
      paused_at: team.now().toISOString(),
    };
    await pauseRows.recordRefillPause(team.database.db, pause);
    await team.audit(
      consoleEntry(org.id, 'app.refill.pause', [app.id], {
        status: 200,
        detail: `${app.name ?? app.id}: ${refillPauseReason(pause)}`,
        ...(amount !== null ? { amountCents: amount } : {}),
      }),
    );
    paused.push(pause);
  }
  return paused;
}

/** The apps whose refill the console paused, and why: what the Treasury page shows. */
export function refillPausesOf(team: Team, orgId: string): Promise<RefillPauseRow[]> {
  return pauseRows.refillPauses(team.database.db, orgId);
}

/** A member set the app's refill again, judged by the policy now: its pause is over (the trail keeps it). */
export function endRefillPause(team: Team, orgId: string, appId: string): Promise<void> {
  return pauseRows.clearRefillPause(team.database.db, orgId, appId);
}
