import { mapWithLimit, type Person, type RowUser, usersOfRows } from '../../api/people-lookup';
import type { PayoutMethod } from '../../api/schemas';
import { listPayoutMethods } from '../../api/users';
import type { RowError } from '../../lib/file-engine/row-checks';
import { describePayoutMethod, RAIL_LABELS, railOf } from '../../lib/payout-methods';
import { isUuid } from '../../lib/uuid';
import type { RowPayout } from './payouts-file-rows';

/** A payout the service knows the payee of: the id it goes out with and who it is, for the people who read. */
export interface ResolvedPayout {
  row: number;
  userId: string;
  payeeName: string;
  payeeEmail: string | null;
  cents: number;
  platform: RowPayout['platform'];
  /** The bank account it goes to (a payee's only one, when the row named none). */
  accountId?: string | undefined;
  /** "PayPal j•••@example.com": the method it goes to, masked. */
  methodText: string;
  metadata: Record<string, string>;
}

/**
 * The method a row's payout goes to among the payee's saved ones, or what is wrong: a bank account by its id (or the
 * payee's only one), a wallet of the row's kind (the one named, if any), or the payee's default.
 */
export function methodForRow(
  payout: Pick<RowPayout, 'platform' | 'accountId'>,
  methods: readonly PayoutMethod[],
): { method: PayoutMethod | null; accountId?: string } | { column: string; message: string } {
  if (payout.platform === 'default') {
    if (methods.length === 0) return { column: 'platform', message: 'this user has no saved payout method' };
    // Upstream may not mark the default: the service then chooses it.
    return { method: methods.find((m) => m.is_default) ?? null };
  }
  // A bank account is named by its id, a UUID: one the service gives none for cannot be paid by account.
  const ofKind = methods.filter(
    (m) => railOf(m.platform) === payout.platform && (payout.platform !== 'ach' || isUuid(m.id ?? '')),
  );
  const label = RAIL_LABELS[payout.platform];
  if (payout.accountId) {
    const named = ofKind.find((m) => m.id === payout.accountId);
    if (!named) return { column: 'account_id', message: `not a ${label} method of this user` };
    return payout.platform === 'ach'
      ? { method: named, accountId: named.id ?? undefined }
      : { method: named };
  }
  if (ofKind.length === 0) {
    const missing = payout.platform === 'ach' ? 'saved bank account' : `${label} method`;
    return { column: 'platform', message: `this user has no ${missing}` };
  }
  if (payout.platform === 'ach') {
    if (ofKind.length > 1) {
      return {
        column: 'account_id',
        message: `this user has ${ofKind.length} bank accounts: give account_id`,
      };
    }
    return { method: ofKind[0] as PayoutMethod, accountId: ofKind[0]?.id ?? undefined };
  }
  return { method: ofKind[0] as PayoutMethod };
}

/**
 * Checks each row's payee and method against the service: an email names exactly one user, an id is one of the
 * organization's, the user is not disabled, and the method is one of their saved ones. Each distinct payee and their
 * methods are read once, eight at a time.
 */
export async function resolvePayees(
  payouts: readonly RowPayout[],
  options: { upstream: boolean },
): Promise<{ payouts: ResolvedPayout[]; errors: RowError[] }> {
  const errors: RowError[] = [];
  const withPayee: { payout: RowPayout; person: Person }[] = [];
  const found = await usersOfRows(
    payouts.map((payout) => payout.payee),
    options.upstream,
  );
  payouts.forEach((payout, index) => {
    const user = found[index] as RowUser;
    if ('person' in user) withPayee.push({ payout, person: user.person });
    else errors.push({ row: payout.row, column: user.column, message: user.message });
  });

  const payeeIds = [...new Set(withPayee.map((p) => p.person.id))];
  const methods = new Map<string, PayoutMethod[]>();
  await mapWithLimit(payeeIds, 8, async (id) => methods.set(id, await listPayoutMethods(id)));

  const resolved: ResolvedPayout[] = [];
  for (const { payout, person } of withPayee) {
    if (person.status === 'disabled') {
      errors.push({
        row: payout.row,
        column: 'email' in payout.payee ? 'user_email' : 'user_id',
        message: 'this user is disabled at the service, which pays them nothing',
      });
      continue;
    }
    const found = methodForRow(payout, methods.get(person.id) ?? []);
    if ('message' in found) {
      errors.push({ row: payout.row, column: found.column, message: found.message });
      continue;
    }
    resolved.push({
      row: payout.row,
      userId: person.id,
      payeeName: person.name,
      payeeEmail: person.email,
      cents: payout.cents,
      platform: payout.platform,
      accountId: found.accountId,
      methodText: found.method ? describePayoutMethod(found.method) : 'Their default method',
      metadata: payout.metadata,
    });
  }
  return { payouts: resolved, errors: errors.sort((a, b) => a.row - b.row) };
}
