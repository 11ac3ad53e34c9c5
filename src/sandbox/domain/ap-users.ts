import { type ApRole, type ApUserRow, apUsersOf, findApUser, upsertApUser } from '../store/accounts-payable';
import type { Db } from '../store/db';
import { DomainError } from './errors';

/**
 * The organization's AP users (the vendor's "approvers"): who creates, approves and pays bills, by integer id. Every
 * action on a bill names one (`acting_user_id`) and is refused when they may not take it.
 */

export function approverView(user: ApUserRow) {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    scope: 'organization' as const,
    username: user.email,
  };
}

export const fullName = (user: Pick<ApUserRow, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();

export function listApprovers(db: Db, orgId: string) {
  return apUsersOf(db, orgId).map(approverView);
}

export function putApUsers(
  db: Db,
  orgId: string,
  users: readonly { email: string; name: string; role: ApRole }[],
  created: string,
): ApUserRow[] {
  return users.map((user) => {
    const [first, ...rest] = user.name.trim().split(/\s+/);
    return upsertApUser(db, {
      org_id: orgId,
      email: user.email.toLowerCase(),
      first_name: first ?? user.email,
      last_name: rest.join(' '),
      role: user.role,
      created,
    });
  });
}

/** What each AP role may do to a bill besides approving (which needs a place in the open step's list). */
export type ApAct = 'create' | 'edit' | 'submit' | 'cancel' | 'pay' | 'decide';
const MAY: Readonly<Record<ApRole, readonly ApAct[]>> = {
  admin: ['create', 'edit', 'submit', 'cancel', 'pay', 'decide'],
  ap_creator: ['create', 'edit', 'submit', 'cancel', 'pay'],
  payer: ['pay'],
  ap_approver: ['decide'],
  viewer: [],
};

/** The acting AP user, when they exist in the organization and their role allows the act. */
export function actingUser(db: Db, orgId: string, id: number, act: ApAct): ApUserRow {
  const user = findApUser(db, orgId, id);
  if (!user) {
    throw new DomainError('invalid', 'unknown-acting-user', `No AP user ${id} in this organization`, [
      { path: 'acting_user_id', message: 'Not an AP user of this organization (GET approvers lists them)' },
    ]);
  }
  if (!MAY[user.role].includes(act)) {
    throw new DomainError(
      'forbidden',
      'acting-user-not-permitted',
      `${fullName(user)} (${user.role}) may not ${act === 'decide' ? 'approve or reject' : act} bills`,
    );
  }
  return user;
}
