import { AUDIT_ACTIONS, type AuditAction, isAuditAction } from '../../lib/audit-actions';
import { formatCents } from '../../lib/money';

/** A line of the trail as a person reads it. */
export interface AuditLineWords {
  /** "Fiona Finance created a payment of $25.00". */
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

/** Where an id of a line opens: a transfer, a user, an approval request, a member (the Team page). */
function targetOf(
  action: string,
  id: string,
  index: number,
): { id: string; href: string | null; label: string } {
  if (id.startsWith('mem_')) return { id, href: '/team', label: 'member' };
  if (action.startsWith('approval.')) {
    return index === 0
      ? { id, href: `/approvals/${id}`, label: 'request' }
      : { id, href: `/transfers/${id}`, label: 'transfer' };
  }
  if (action.startsWith('team-request.')) return { id, href: '/approvals', label: 'team request' };
  if (action === 'payment.create') return { id, href: `/transfers/${id}`, label: 'transfer' };
  if (action === 'user.address.add') return { id, href: `/users/${id}`, label: 'user' };
  if (action === 'app.compliance.copy') return { id, href: '/apps', label: 'app' };
  return { id, href: null, label: 'id' };
}

/**
 * The sentence and links of a line: who (by name when they are a member of the team, else the email they gave, or
 * the console itself, or an operator's command), what in plain words, and how much.
 */
export function auditLineWords(
  row: {
    action: string;
    email: string | null;
    member_id: string | null;
    role: string | null;
    targets: string;
    amount_cents?: number | null | undefined;
  },
  names: ReadonlyMap<string, string>,
): AuditLineWords {
  const who =
    (row.member_id ? names.get(row.member_id) : undefined) ??
    row.email ??
    (row.role === 'console' ? 'The console' : row.role === 'operator' ? 'An operator' : 'Someone unknown');
  const what = isAuditAction(row.action) ? AUDIT_ACTIONS[row.action] : row.action;
  const amount =
    row.amount_cents === null || row.amount_cents === undefined ? '' : ` of ${formatCents(row.amount_cents)}`;
  const ids = row.targets.split(' ').filter(Boolean);
  return {
    sentence: `${who} ${what}${amount}`,
    targets: ids.map((id, index) => targetOf(row.action, id, index)),
  };
}
