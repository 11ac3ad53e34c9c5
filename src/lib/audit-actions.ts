/**
 * Every action the audit trail can hold, with what it says in plain words ("Fiona Finance created a payment of
 * $25.00"): the server writes only these names, and the Audit page offers exactly these in its filter.
 */
export const AUDIT_ACTIONS = {
  'sign-in': 'signed in',
  'sign-out': 'signed out',
  'session.read': 'read their session',
  'invitation.read': 'opened a one-time link',
  'member.join': 'joined the team',
  'member.password.set': 'set a new password',
  'member.totp.start': 'started setting up an authenticator',
  'member.totp.enroll': 'set up an authenticator',
  'members.list': 'listed the team',
  'member.invite': 'invited a member',
  'member.change': 'changed a member',
  'member.role': 'changed the role of a member',
  'member.disable': 'disabled a member',
  'member.enable': 'enabled a member',
  'member.password.reset': 'reset the password of a member',
  'member.totp.reset': 'reset the authenticator of a member',
  'audit.list': 'read the audit trail',
  'audit.health': 'read whether the audit trail verifies',
  'audit.reseal': 're-sealed the audit trail under its key',
  'integrity.seal': 'sealed the rows that decide power and money, once, at the first start with seals',
  'integrity.violation':
    'found a row changed in the database (its seal does not verify) and took it as absent',
  'policy.read': 'read the approval policy',
  'policy.change': 'changed the approval policy',
  'team-requests.list': 'listed the team requests',
  'team-request.propose': 'asked another admin to confirm a change',
  'team-request.confirm': 'confirmed a change another admin asked for',
  'team-request.reject': 'rejected a change another admin asked for',
  'team-request.withdraw': 'withdrew a change they asked for',
  'team-request.expire': 'let a team request expire',
  'approvals.list': 'listed the approval requests',
  'approval.read': 'read an approval request',
  'approval.submit': 'submitted for approval',
  'approval.approve': 'approved',
  'approval.reject': 'rejected',
  'approval.withdraw': 'withdrew their request',
  'approval.cancel': 'cancelled a request whose maker can no longer pay',
  'approval.requeue': 'sent a request back to wait: an approval no longer counts',
  'approval.expire': 'let a request expire',
  'approval.execute': 'ran the payment of an approved request',
  'approval.row': 'paid a row of an approved request',
  'payment.create': 'created a payment',
  'payout.create': 'paid a user out',
  'payout.send': 'sent a payout',
  'payout-link.create': 'created a payout link',
  'payout-link.cancel': 'cancelled a payout link',
  'payout-link.redeliver': 'sent a payout link again',
  'payout-batch.create': 'sent a payout batch',
  'payout-request.create': 'created a payout request',
  'user.payout-method.add': 'added a payout method to a user',
  'user.address.add': 'added an address to a user',
  'app.compliance.copy': 'copied compliance to an app',
  'v2.read': 'read from the payout service',
  'v2.other': 'made another change at the payout service',
  'request.refused': 'was refused before any route of the console answered',
  'deposit.create': 'deposited into an app’s wallet',
  'withdrawal.create': 'withdrew from an app’s wallet',
  'transfer.create': 'moved money between a user’s wallet and an app’s',
  'transfer-batch.create': 'sent a transfer batch',
  'organization-transfer.create': 'moved money between the organization’s wallet and an app’s',
  'app.ach-account.set': 'set an app’s bank account',
  'app.settings.change': 'changed an app’s settings',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}
