import { V2_WRITES } from './roles';

/**
 * The `/v2` reads the console makes (its pages, its files, the rules the console server reads). With the writes of
 * lib/roles.ts they are every operation the console knows; a segment `*` is one path segment (an id).
 */
export const V2_READS: readonly string[] = [
  '/v2/organizations',
  '/v2/users',
  '/v2/users/*',
  '/v2/users/*/payout-methods',
  '/v2/payment-customers',
  '/v2/payment-customers/*',
  '/v2/apps',
  '/v2/apps/*',
  '/v2/apps/*/compliance',
  '/v2/apps/*/ach-account',
  '/v2/apps/*/settings',
  '/v2/wallets',
  '/v2/payout-links',
  '/v2/payout-links/*',
  '/v2/payout-batches',
  '/v2/payout-batches/*',
  '/v2/payout-batches/*/results',
  '/v2/payout-requests',
  '/v2/payout-requests/*',
  '/v2/transfers',
  '/v2/transfers/*',
  '/v2/transfer-batches',
  '/v2/transfer-batches/*',
  '/v2/organization-transfers',
  '/v2/organization-transfers/*',
  '/v2/transactions',
  '/v2/transactions/totals',
  '/v2/transactions/*',
  '/v2/flows',
  '/v2/flows/*',
  '/v2/accounts-payable/vendors',
  '/v2/accounts-payable/vendors/*',
  '/v2/accounts-payable/vendors/*/payment-methods',
  '/v2/accounts-payable/vendors/*/payment-methods/*',
  '/v2/accounts-payable/payables',
  '/v2/accounts-payable/payables/*',
  '/v2/accounts-payable/payables/*/file',
  '/v2/accounts-payable/approval-policies',
  '/v2/accounts-payable/approvers',
];

/** Every operation the console knows, as `{ method, path }`. */
export const V2_OPERATIONS: readonly { method: string; path: string }[] = [
  ...V2_READS.map((path) => ({ method: 'GET', path })),
  ...V2_WRITES.map(({ method, path }) => ({ method, path })),
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
 * Whether a request is an operation the console knows: its method and its path as sent (before any decoding, the
 * path of its URL) are those of a declared operation. Nothing else is ever sent to the service.
 */
export function isDeclaredV2Operation(method: string, rawPath: string): boolean {
  if (!CANONICAL_PATH.test(rawPath)) return false;
  const verb = method.toUpperCase();
  return V2_OPERATIONS.some((operation) => operation.method === verb && matches(operation.path, rawPath));
}
