import { AUDIT_ACTIONS, type AuditAction, isAuditAction } from '../../lib/audit-actions';
import { formatCents } from '../../lib/money';

/** A line of the trail as a person reads it. */
export interface AuditLineWords {
  /** "Fiona Finance created a payment of $25.00"; "Sam Support tried to cancel a payout link: refused". */
  sentence: string;
  /** The records it names, each with where it opens. */
  targets: { id: string; href: string | null; label: string }[];
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The filter's options: every action the trail can hold, by what it says. */
export const AUDIT_ACTION_OPTIONS = (Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((action) => ({
  value: action,
  label: capitalized(AUDIT_ACTIONS[action]),
}));

/**
 * Each action as something tried ("tried to cancel a payout link"): a refused or failed attempt did not happen, so
 * its line never says it did.
 */
const ATTEMPTS: Record<AuditAction, string> = {
  'sign-in': 'sign in',
  'event.refuse': 'take an event of the service (its signature, its time, or an id already received)',
  'event.ignore': "act on an event of the service (another's object, or its read disagreed)",
  'sign-out': 'sign out',
  'sso.start': "start signing in through the company's identity provider",
  'sso.callback': "sign in through the company's identity provider",
  'sso.session.end': "keep a session the company's identity provider no longer vouches for",
  'sso.logout': "sign out through the company's identity provider",
  'password-rule.read': 'read whether members may sign in with a password',
  'password-rule.change': 'turn passwords off or on',
  'session.read': 'read their session',
  'invitation.read': 'open a one-time link',
  'member.join': 'join the team',
  'member.password.set': 'set a new password',
  'member.totp.start': 'start setting up an authenticator',
  'member.totp.enroll': 'set up an authenticator',
  'members.list': 'list the team',
  'member.invite': 'invite a member',
  'member.change': 'change a member',
  'member.role': 'change the role of a member',
  'member.disable': 'disable a member',
  'member.enable': 'enable a member',
  'member.password.reset': 'reset the password of a member',
  'member.totp.reset': 'reset the authenticator of a member',
  'audit.list': 'read the audit trail',
  'audit.health': 'read whether the audit trail verifies',
  'audit.reseal': 're-seal the audit trail',
  'integrity.seal': 'seal the rows that decide power and money',
  'integrity.seal.requests': 'seal the payee requests, bill approvals and vendor method changes',
  'integrity.seal.links': "seal the onboarding links, members' email notes, bill edits and AP user links",
  'integrity.seal.invitations': 'seal the one-time links',
  'integrity.seal.ends': 'seal the ends of the approval requests',
  'integrity.violation': 'check a row changed in the database',
  'policy.read': 'read the approval policy',
  'refill-pauses.read': 'read which auto-refills are paused',
  'policy.change': 'change the approval policy',
  'team-requests.list': 'list the team requests',
  'team-request.propose': 'ask another admin to confirm a change',
  'team-request.confirm': 'confirm a change another admin asked for',
  'team-request.adopt': 'adopt a change no member proposed',
  'team-request.reject': 'reject a change another admin asked for',
  'team-request.withdraw': 'withdraw a change',
  'team-request.expire': 'let a team request expire',
  'approvals.list': 'list the approval requests',
  'approval.read': 'read an approval request',
  'changes.stream': 'follow what changes, live',
  'notices.list': 'read their notices',
  'notices.read': 'marked their notices read',
  'notices.mail.read': 'read whether their notices come by mail',
  'notices.mail.change': 'chose whether their notices come by mail',
  'approval.submit': 'submit for approval',
  'approval.approve': 'approve',
  'approval.reject': 'reject',
  'approval.withdraw': 'withdraw a request',
  'approval.cancel': 'cancel a request whose maker can no longer pay',
  'approval.requeue': 'send a request back to wait',
  'approval.expire': 'let a request expire',
  'approval.execute': 'pay an approved request',
  'approval.row': 'pay a row of an approved request',
  'payment.create': 'create a payment',
  'payout.create': 'pay a user out',
  'payout.send': 'send a payout',
  'payout-link.create': 'create a payout link',
  'payout-link.cancel': 'cancel a payout link',
  'payout-link.redeliver': 'send a payout link again',
  'payout-batch.create': 'send a payout batch',
  'payout-request.create': 'create a payout request',
  'user.payout-method.add': 'add a payout method to a user',
  'user.address.add': 'add an address to a user',
  'app.compliance.copy': 'copy compliance to an app',
  'request.refused': 'reach the console',
  'user.create': 'create a user',
  'user.update': 'change a user',
  'user.delete': 'delete a user',
  'user.compliance.submit': 'submit a tax form for a user',
  'user.verification.send': 'send a user a verification code',
  'user.verify': 'enter a verification code for a user',
  'flow.create': 'make an onboarding link',
  'payment-customer.create': 'create a payment customer',
  'app.create': 'create an app',
  'app.compliance.update': "change an app's compliance",
  'app.kyb-flow.create': 'make a KYB link for an app',
  'app.compliance.copy-between': 'copy compliance from one app to another',
  'payee-requests.list': 'list the changes of where payees are paid',
  'payee-request.propose': "ask another member to confirm where a payee's money goes",
  'payee-request.confirm': "confirm where a payee's money goes",
  'payee-request.reject': "reject a change of where a payee's money goes",
  'payee-request.withdraw': "withdraw a change of where a payee's money goes",
  'payee-request.expire': "let a change of where a payee's money goes expire",
  'v2.read': 'read from the payout service',
  'v2.other': 'make another change at the payout service',
  'deposit.create': 'deposit into an app’s wallet',
  'withdrawal.create': 'withdraw from an app’s wallet',
  'transfer.create': 'move money between a user’s wallet and an app’s',
  'transfer-batch.create': 'send a transfer batch',
  'organization-transfer.create': 'move money between the organization’s wallet and an app’s',
  'app.ach-account.set': 'set an app’s bank account',
  'app.settings.change': 'change an app’s settings',
  'app.refill.pause': 'pause an app’s auto-refill above the approval limit',
  'vendor.create': 'create a vendor',
  'vendor.delete': 'delete a vendor',
  'vendor-method.add': "add a vendor's payment method",
  'vendor-method.delete': "delete a vendor's payment method",
  'vendor-method.confirm': "confirm a change of a vendor's payment method",
  'vendor-method.reject': "reject a change of a vendor's payment method",
  'vendor-method-changes.list': "list the changes of vendors' payment methods",
  'bill.create': 'create a bill',
  'bill.upload': 'make a bill from an invoice PDF',
  'bill.update': 'change a bill',
  'bill.file.attach': "attach a bill's invoice",
  'bill.file.delete': "remove a bill's invoice",
  'bill.cancel': 'cancel a bill',
  'bill.submit': 'submit a bill for approval',
  'bill.approve': 'approve a bill',
  'bill.reject': 'reject a bill',
  'bill.pay': 'pay a bill',
  'ap-policy.create': 'create a bill approval policy',
  'ap-policy.priority': 'move a bill approval policy',
  'ap-policy.delete': 'delete a bill approval policy',
  'ap-user.read': 'read which AP user they act as',
  'ap-users.list': 'list which AP user each member acts as',
  'ap-user.link': 'link a member to an AP user',
  'flow.details': 'give their details through an onboarding link',
  'flow.compliance': 'submit their tax form through an onboarding link',
  'flow.payout-method': 'add their payout method through an onboarding link',
  'flow.payout': 'claim their payout through an onboarding link',
  'flow.step': 'confirm a step of an onboarding link',
};

type Target = { id: string; href: string | null; label: string };

const record = (id: string, label: string, href: string | null): Target => ({ id, href, label });

/**
 * What each id of a line is, by the action and the id's place (the ids in the request's path, then the id of what it
 * made): "user 220e…" is a user, and the address it was given an "address", which has no page of its own.
 */
function targetOf(action: string, id: string, index: number): Target {
  if (id.startsWith('mem_')) return { id, href: '/team', label: 'member' };
  if (action.startsWith('approval.')) {
    return index === 0
      ? record(id, 'request', `/approvals/${id}`)
      : record(id, 'transfer', `/transfers/${id}`);
  }
  if (action.startsWith('team-request.')) return record(id, 'team request', '/approvals');
  if (action.startsWith('payout-link.')) return record(id, 'payout link', `/payout-links/${id}`);
  // A payee's action on a flow's page: the flow, then the user (a new payee's has none yet).
  if (action.startsWith('flow.') && action !== 'flow.create') {
    return index === 0 ? record(id, 'onboarding link', null) : record(id, 'user', `/users/${id}`);
  }
  switch (action) {
    case 'payment.create':
    case 'payout.create':
      return record(id, 'transfer', `/transfers/${id}`);
    case 'payout.send':
      return record(id, 'payout link', `/payout-links/${id}`);
    case 'payout-batch.create':
      return record(id, 'payout batch', null);
    case 'payout-request.create':
      return record(id, 'payout request', '/payout-requests');
    case 'user.address.add':
      return index === 0 ? record(id, 'user', `/users/${id}`) : record(id, 'address', null);
    case 'user.payout-method.add':
      return index === 0 ? record(id, 'user', `/users/${id}`) : record(id, 'payout method', null);
    case 'app.compliance.copy':
      return index === 0 ? record(id, 'app', '/apps') : record(id, 'compliance record', null);
    default:
      return { id, href: null, label: 'id' };
  }
}

/**
 * The sentence and links of a line: who (by name when they are a member of the team, else the email they gave, or
 * the console itself, or an operator's command), what in plain words (what they tried, when it was refused or
 * failed), and how much.
 */
export function auditLineWords(
  row: {
    action: string;
    email: string | null;
    member_id: string | null;
    role: string | null;
    targets: string;
    amount_cents?: number | null | undefined;
    outcome?: 'ok' | 'refused' | 'failed' | undefined;
  },
  names: ReadonlyMap<string, string>,
): AuditLineWords {
  const who =
    (row.member_id ? names.get(row.member_id) : undefined) ??
    row.email ??
    (row.role === 'console'
      ? 'The console'
      : row.role === 'operator'
        ? 'An operator'
        : row.role === 'payee'
          ? 'The payee'
          : 'Someone unknown');
  const known = isAuditAction(row.action);
  const amount =
    row.amount_cents === null || row.amount_cents === undefined ? '' : ` of ${formatCents(row.amount_cents)}`;
  const sentence =
    row.outcome === 'refused' || row.outcome === 'failed'
      ? `${who} tried to ${known ? ATTEMPTS[row.action as AuditAction] : row.action}${amount}: ${row.outcome}`
      : `${who} ${known ? AUDIT_ACTIONS[row.action as AuditAction] : row.action}${amount}`;
  const ids = row.targets.split(' ').filter(Boolean);
  return { sentence, targets: ids.map((id, index) => targetOf(row.action, id, index)) };
}
