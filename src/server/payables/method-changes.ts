import { randomUUID } from 'node:crypto';
import canonicalize from 'canonicalize';
import { can } from '../../lib/roles';
import { sameHandsRefusal } from '../approvals/excluded';
import { type ConsoleDb, lockRow, transaction } from '../db/database';
import {
  decideMethodChange,
  findMethodChange,
  insertMethodChange,
  methodChangesOf,
  pendingMethodChangesOf,
  setMethodChangeOutcome,
} from '../db/repositories/accounts-payable/method-changes';
import type { MethodChangeRow } from '../db/schema/team';
import { Refusal } from '../errors';
import { type CallService, serviceRequest } from '../gate/service-calls';
import type { SessionMember } from '../identity/sign-in';
import type { Team } from '../team';

/**
 * A vendor's bank details change under four eyes: with approvals on, a payment method added or deleted waits for a
 * second member (finance or admin) who sees the vendor, the masked account and the routing number, then confirms it
 * (the console server makes the change as the organization) or rejects it. The whole account number is kept only
 * until the change is decided.
 */

export interface MethodChangeView {
  id: string;
  kind: 'vendor-method-add' | 'vendor-method-delete';
  description: string;
  vendor: { id: string; name: string };
  mask: string;
  routing_number: string | null;
  proposer_id: string;
  status: string;
  decided_by: string | null;
  reason: string | null;
  method_id: string | null;
  created_at: string;
}

export function methodChangeView(row: MethodChangeRow): MethodChangeView {
  const adding = row.kind === 'add';
  return {
    id: row.id,
    kind: adding ? 'vendor-method-add' : 'vendor-method-delete',
    description: `${adding ? 'Add' : 'Delete'} the account •••• ${row.mask} ${adding ? 'to' : 'of'} ${row.vendor_name}`,
    vendor: { id: row.vendor_id, name: row.vendor_name },
    mask: row.mask,
    routing_number: row.routing_number,
    proposer_id: row.proposer_id,
    status: row.status,
    decided_by: row.decided_by,
    reason: row.reason,
    method_id: row.method_id,
    created_at: row.created_at,
  };
}

export async function proposeMethodChange(
  team: Team,
  call: CallService,
  found: SessionMember,
  vendor: { id: string; name: string },
  action: 'vendor-method.add' | 'vendor-method.delete',
  path: string,
  raw: Record<string, unknown>,
): Promise<MethodChangeView | Refusal> {
  // The same change waiting already answers for it: a second one would only be one more for the approver to sort.
  const waiting = await sameChangeWaiting(
    team.database.db,
    found.organization.id,
    vendor.id,
    action,
    path,
    raw,
  );
  if (waiting) return methodChangeView(waiting);
  const credentials = team.credentialsFor(found.organization);
  let mask = '';
  let routing: string | null = null;
  let methodId: string | null = null;
  if (action === 'vendor-method.add') {
    mask = String(raw.ach_account_number ?? '').slice(-4);
    routing = String(raw.ach_routing_number ?? '');
  } else {
    methodId = path.split('/').at(-1) ?? null;
    const response = credentials ? await call(serviceRequest(credentials, path)) : null;
    if (!response?.ok)
      return new Refusal(403, 'not-found-or-unauthorized', 'Resource not found or unauthorized');
    const method = (await response.json()) as { mask?: string; ach_routing_number?: string };
    mask = method.mask ?? '';
    routing = method.ach_routing_number ?? null;
  }
  const row: MethodChangeRow = {
    id: randomUUID(),
    org_id: found.organization.id,
    proposer_id: found.member.id,
    vendor_id: vendor.id,
    vendor_name: vendor.name,
    kind: action === 'vendor-method.add' ? 'add' : 'delete',
    method_id: methodId,
    body: action === 'vendor-method.add' ? JSON.stringify(raw) : null,
    mask,
    routing_number: routing,
    status: 'pending',
    decided_by: null,
    decided_at: null,
    reason: null,
    created_at: team.now().toISOString(),
  };
  // Checked again with the organization held: of the same change asked twice at once, the second finds the first.
  const kept = await transaction(team.database.db, async (trx) => {
    await lockRow(trx, 'organizations', row.org_id);
    const first = await sameChangeWaiting(trx, row.org_id, vendor.id, action, path, raw);
    if (first) return first;
    await insertMethodChange(trx, row);
    return row;
  });
  return methodChangeView(kept);
}

/** A pending change of this vendor that is this one: the same method deleted, or the same bank details added. */
async function sameChangeWaiting(
  db: ConsoleDb,
  orgId: string,
  vendorId: string,
  action: 'vendor-method.add' | 'vendor-method.delete',
  path: string,
  raw: Record<string, unknown>,
): Promise<MethodChangeRow | undefined> {
  const kind = action === 'vendor-method.add' ? 'add' : 'delete';
  const pending = await pendingMethodChangesOf(db, orgId, vendorId, kind);
  if (kind === 'delete') {
    const methodId = path.split('/').at(-1) ?? null;
    return pending.find((row) => row.method_id === methodId);
  }
  const same = canonicalize(raw);
  return pending.find((row) => row.body !== null && canonicalize(JSON.parse(row.body)) === same);
}

export async function listMethodChanges(team: Team, found: SessionMember): Promise<MethodChangeView[]> {
  return (await methodChangesOf(team.database.db, found.organization.id)).map(methodChangeView);
}

/** A second member (finance or admin, not the one who asked) confirms: the change is made as the organization. */
export async function confirmMethodChange(
  team: Team,
  call: CallService | null,
  found: SessionMember,
  id: string,
): Promise<MethodChangeView | Refusal> {
  const db = team.database.db;
  const row = await findMethodChange(db, found.organization.id, id);
  if (!row) return new Refusal(404, 'request-not-found', 'No such change');
  if (!can(found.member.role, 'pay')) {
    return new Refusal(403, 'forbidden', 'A finance member or an admin confirms a change of bank details');
  }
  if (row.proposer_id === found.member.id) {
    return new Refusal(403, 'own-request', 'You asked for this change: a second member confirms it');
  }
  const oneHands = await sameHandsRefusal(
    db,
    found.organization.id,
    row.proposer_id,
    found.member,
    team.now(),
  );
  if (oneHands) return oneHands;
  const credentials = team.credentialsFor(found.organization);
  if (!call || !credentials) {
    return new Refusal(
      403,
      'organization-not-connected',
      'The console holds no credentials for your organization',
    );
  }
  const body = row.body;
  const decided = await decideMethodChange(db, row, {
    status: 'confirmed',
    decided_by: found.member.id,
    decided_at: team.now().toISOString(),
    reason: null,
  });
  if (!decided) return new Refusal(409, 'request-decided', 'This change was decided already');
  const base = `/v2/accounts-payable/vendors/${encodeURIComponent(row.vendor_id)}/payment-methods`;
  const response =
    row.kind === 'add'
      ? await call(
          serviceRequest(credentials, base, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: body ?? '{}',
          }),
        )
      : await call(
          serviceRequest(credentials, `${base}/${encodeURIComponent(row.method_id ?? '')}`, {
            method: 'DELETE',
          }),
        );
  const answer = (await response.json().catch(() => ({}))) as { id?: string; message?: string };
  await setMethodChangeOutcome(db, row, {
    status: response.ok ? 'confirmed' : 'failed',
    method_id: row.kind === 'add' ? (answer.id ?? null) : row.method_id,
    reason: response.ok ? null : (answer.message ?? `The service answered ${response.status}`),
  });
  const now = await findMethodChange(db, found.organization.id, row.id);
  return methodChangeView(now ?? row);
}

export async function rejectMethodChange(
  team: Team,
  found: SessionMember,
  id: string,
  reason: string,
): Promise<MethodChangeView | Refusal> {
  const db = team.database.db;
  const row = await findMethodChange(db, found.organization.id, id);
  if (!row) return new Refusal(404, 'request-not-found', 'No such change');
  const decided = await decideMethodChange(db, row, {
    status: 'rejected',
    decided_by: found.member.id,
    decided_at: team.now().toISOString(),
    reason,
  });
  if (!decided) return new Refusal(409, 'request-decided', 'This change was decided already');
  return methodChangeView((await findMethodChange(db, found.organization.id, row.id)) ?? row);
}
