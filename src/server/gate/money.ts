import { approvalNeed, moneyWhatOf } from '../../lib/approval-rules';
import type { AuditAction } from '../../lib/audit-actions';
import { NO_POLICY } from '../approvals/policy';
import { openRequestWithKey } from '../db/repositories/team/approval-requests';
import { idempotencyKeysOf } from '../db/schema/team-controls';
import { Refusal } from '../errors';
import type { SessionMember } from '../identity/sign-in';
import { heldUntil } from '../members/hold';
import type { Team } from '../team';
import { checkMoney } from './money-checks';
import { type Reservation, releaseSpend, reserveSpend } from './spend';

/**
 * A member's request that moves money, as the gate judges it before it is sent: checked by the same schema the
 * service uses and stamped with its author (money-checks.ts), so that the server knows exactly what it sends; held
 * when the member was reset lately; and counted against the approval policy and the member's daily limit, the amount
 * written down before the money goes (spend.ts).
 */
export type MoneyJudgement =
  /** Send this body; `reservation` is what it was counted as, released if the service refuses it. */
  | { kind: 'send'; body: string; amountCents: number; reservation: Reservation }
  /** Refused here; the amount when the body was read far enough to know it. */
  | { kind: 'refused'; refusal: Refusal; amountCents: number | null };

export async function judgeMoney(
  team: Team,
  found: SessionMember,
  action: AuditAction,
  raw: unknown,
  /** The file the request belongs to (its SHA-256, as its rows declare it), for the file's total. */
  fileId: string | null,
): Promise<MoneyJudgement> {
  const { member, organization } = found;
  const checked = checkMoney(action, raw, member.email);
  if (!checked || 'problems' in checked) {
    const errors = checked?.problems ?? [];
    const refusal = new Refusal(400, 'validation-failed', 'The request is invalid: see errors', { errors });
    return { kind: 'refused', refusal, amountCents: null };
  }
  const amountCents = checked.amountCents;
  // A key that belongs to a request waiting for approval is that request's to send: sent directly, it would pay the
  // request around its approvers (and the approved run would find it paid already).
  const waiting = await openRequestWithKey(
    team.database.db,
    organization.id,
    idempotencyKeysOf(checked.body),
  );
  if (waiting) {
    const refusal = new Refusal(
      409,
      'idempotency-key-waiting',
      'This idempotency key belongs to a request waiting for approval: it is paid when that request is approved, or send it with a new key',
      { extra: { request_id: waiting.id } },
    );
    return { kind: 'refused', refusal, amountCents };
  }
  // After a reset of their credentials, whatever a member pays waits for another member's approval.
  const held = heldUntil(member, team.now());
  if (held) {
    const need = approvalNeed(NO_POLICY, amountCents, 0, 'payment', held);
    const refusal = new Refusal(403, 'approval-required', need.needed ? need.message : '', {
      extra: { limit: 'hold', held_until: held },
    });
    return { kind: 'refused', refusal, amountCents };
  }
  const reserved = await reserveSpend(
    team.database.db,
    { orgId: organization.id, memberId: member.id, amountCents, fileId, what: moneyWhatOf(action) },
    team.now(),
  );
  if (reserved.kind === 'needs-approval') {
    const message = reserved.need.needed ? reserved.need.message : 'Another member approves this';
    const refusal = new Refusal(403, 'approval-required', message, {
      extra: { limit: reserved.need.needed ? reserved.need.limit : 'amount' },
    });
    return { kind: 'refused', refusal, amountCents };
  }
  return { kind: 'send', body: JSON.stringify(checked.body), amountCents, reservation: reserved.reservation };
}

/** Nothing moved after all (refused by the service, answered as sent before, or never sent): uncounted. */
export function releaseMoney(team: Team, reservation: Reservation): Promise<void> {
  return releaseSpend(team.database.db, reservation);
}
