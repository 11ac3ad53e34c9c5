import { removeApUserLink, setApUserLink } from '../../db/repositories/accounts-payable/ap-user-links';
import type { MemberRow, OrganizationRow } from '../../db/schema/team';
import { Refusal } from '../../errors';
import { type CallService, serviceRequest } from '../../gate/service-calls';
import type { Team } from '../../team';

/**
 * The team's changes of accounts payable that grant power, as a confirmed team request (or the one admin) applies them:
 * an approval policy made, moved or deleted at the service as the organization, and an AP user link written.
 */

/** An approval policy's change, kept as the request the admin made (checked when proposed, sent when confirmed). */
export interface ApPolicyChange {
  description: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body: string | null;
}

/** Upstream, the AP user a member acts as from now on; null unlinks them. */
export interface ApUserLinkChange {
  ap_user_id: number | null;
  ap_user_label: string;
}

export async function applyApPolicyChange(
  team: Team,
  call: CallService | null,
  org: OrganizationRow,
  change: ApPolicyChange,
): Promise<{ service: unknown } | Refusal> {
  const credentials = team.credentialsFor(org);
  if (!call || !credentials) {
    return new Refusal(
      403,
      'organization-not-connected',
      'The console holds no credentials for your organization',
    );
  }
  const response = await call(
    serviceRequest(credentials, change.path, {
      method: change.method,
      ...(change.body === null ? {} : { headers: { 'content-type': 'application/json' }, body: change.body }),
    }),
  );
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    return new Refusal(
      409,
      'ap-policy-change-failed',
      `The service refused the change (${response.status}): ${answer.message ?? 'no reason given'}`,
    );
  }
  return { service: answer };
}

export async function applyApUserLink(
  team: Team,
  org: OrganizationRow,
  target: MemberRow,
  change: ApUserLinkChange,
  by: { proposedBy: string; confirmedBy: string | null },
): Promise<void> {
  const db = team.database.db;
  if (change.ap_user_id === null) {
    await removeApUserLink(db, org.id, target.id);
    return;
  }
  await setApUserLink(db, {
    org_id: org.id,
    member_id: target.id,
    ap_user_id: change.ap_user_id,
    ap_user_label: change.ap_user_label,
    linked_by: by.proposedBy,
    confirmed_by: by.confirmedBy,
    at: team.now().toISOString(),
  });
}
