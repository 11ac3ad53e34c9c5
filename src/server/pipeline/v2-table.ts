import type { AuditAction } from '../../lib/audit-actions';
import type { Permission } from '../../lib/roles';
import { ONBOARDING_ROWS } from '../onboarding/v2-rows';
import { PAYABLE_ROWS } from '../payables/judges/v2-rows';
import { PAYEE_ROWS } from '../payees/v2-rows';
import { PAYMENT_ROWS } from '../payments/v2-rows';
import { PAYOUT_ROWS } from '../payouts/v2-rows';
import { WALLET_ROWS } from '../wallets/v2-rows';
import type { V2Row } from './v2-row';

/**
 * Every `/v2` operation the console forwards, one table of the rows its concerns declare. A request that is none of
 * them is refused and never sent (gate/gate.ts).
 */
export const V2_ROWS: readonly V2Row[] = [
  ...PAYMENT_ROWS,
  ...PAYOUT_ROWS,
  ...WALLET_ROWS,
  ...ONBOARDING_ROWS,
  ...PAYEE_ROWS,
  ...PAYABLE_ROWS,
];

/**
 * A path in the one form the console judges: `/v2` and segments of letters, digits, `-` and `_`, nothing else. A
 * service may route other spellings of a route as the route itself (`/v2/payouts.json`, `/v2/payouts;x`,
 * `/v2//payouts`, `/v2/payouts/`, `/v2/apps/x%2Fwithdraw`), while the console would judge them as no route at all:
 * so anything else is no operation, whatever it might mean to the service.
 */
const CANONICAL_PATH = /^\/v2(\/[A-Za-z0-9_-]+)+$/;

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part === '*' || part === got[i]);
}

/**
 * The row of a request: its method and its path as sent (before any decoding: the path of its URL) are those of a
 * declared row; null for anything else, which is never sent to the service.
 */
export function rowOf(method: string, rawPath: string): V2Row | null {
  if (!CANONICAL_PATH.test(rawPath)) return null;
  const verb = method.toUpperCase();
  return V2_ROWS.find((row) => row.method === verb && matches(row.path, rawPath)) ?? null;
}

/**
 * The permission a `/v2` request needs and its name in the audit trail (`payment.create`, `v2.read`, or its method and
 * the shape of its path): a request that is no row needs an admin, and is refused all the same.
 */
export function describeRequest(
  method: string,
  path: string,
): { permission: Permission; action: AuditAction; detail?: string } {
  const verb = method.toUpperCase();
  const row = rowOf(verb, path.replace(/\/+$/, ''));
  if (row) return { permission: row.permission, action: row.action };
  if (verb === 'GET' || verb === 'HEAD' || verb === 'OPTIONS')
    return { permission: 'read', action: 'v2.read' };
  const shape = path
    .split('/')
    .map((part, i) => (i > 1 && /\d/.test(part) ? '{id}' : part))
    .join('/')
    .slice(0, 200);
  return { permission: 'admin', action: 'v2.other', detail: `${verb} ${shape}` };
}
