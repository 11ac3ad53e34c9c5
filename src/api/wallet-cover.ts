import { useQuery } from '@tanstack/react-query';
import { can } from '../lib/roles';
import { drainOfRequest, type Waiting, walletShortfalls } from '../lib/wallet-cover';
import type { Disagreements, WireAgrees } from '../lib/wire/agreement';
import type { Bill } from '../lib/wire/resources';
import { z } from '../lib/zod';
import { approvalRequestSchema } from './approvals';
import { request } from './client';
import { listPayoutBatches } from './payouts';
import { useRole } from './permissions';
import { pageSchema } from './schemas';
import { listTransferBatches } from './wallet-moves';
import { useWallets, walletPaying } from './wallets';

/**
 * What waits to be paid from the apps' wallets, read for the overview's warning (lib/wallet-cover.ts judges it):
 * approved bills paid from the wallet, payout requests not yet decided, the team's approval requests, and payout
 * batches and transfer batches still running. Each read is bounded (ten pages of 100); one the service does not
 * answer (upstream, or a role without the team) is named in `unread` and counted as nothing.
 */

const PAGES = 10;

async function pages<T extends { id: string }>(
  read: (after: string | undefined) => Promise<{ data: T[]; has_more?: boolean | null }>,
): Promise<T[]> {
  const all: T[] = [];
  let after: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const found = await read(after);
    all.push(...found.data);
    const last = found.data.at(-1)?.id;
    if (!found.has_more || !last || last === after) break;
    after = last;
  }
  return all;
}

const billSchema = z.object({
  id: z.string(),
  amount: z.number(),
  funding_source: z.string().nullish(),
  /** The app whose wallet pays it (the sandbox's bills say so). */
  api_app_id: z.string().nullish(),
});
/** The few fields the warning reads of a bill, kept apart from the bills' pages (their module stays off the overview). */
export type WarningReadsABill = WireAgrees<Disagreements<z.output<typeof billSchema>, Bill>>;

async function approvedBills(): Promise<Waiting[]> {
  const bills = await pages((after) =>
    request({
      method: 'GET',
      path: '/v2/accounts-payable/payables',
      query: { status: 'approved', limit: 100, starting_after: after },
      response: pageSchema(billSchema),
    }),
  );
  return bills
    .filter((bill) => bill.funding_source === 'dots_balance')
    .map((bill) => ({ appId: bill.api_app_id ?? null, kind: 'bills', cents: bill.amount }));
}

async function undecidedPayoutRequests(): Promise<Waiting[]> {
  const requests = await pages((after) =>
    request({
      method: 'GET',
      path: '/v2/payout-requests',
      query: { status: 'created', limit: 100, starting_after: after },
      response: pageSchema(z.object({ id: z.string(), status: z.string(), amount: z.number() })),
    }),
  );
  // Upstream may not filter by status: only the undecided count.
  return requests
    .filter((r) => r.status === 'created')
    .map((r) => ({ appId: null, kind: 'payoutRequests', cents: r.amount }));
}

async function waitingApprovals(): Promise<Waiting[]> {
  const { data } = await request({
    method: 'GET',
    path: '/api/team/approvals',
    query: { status: 'pending' },
    response: z.object({ data: z.array(approvalRequestSchema) }),
  });
  return data.flatMap((r) => {
    const drain = drainOfRequest({ kind: r.kind, body: r.body as Record<string, unknown> });
    return drain ? [drain] : [];
  });
}

const resultsSchema = z.object({
  items: z.array(
    z.object({
      transfer: z.object({ id: z.string() }).nullish(),
      error_code: z.string().nullish(),
      request: z.object({ amount: z.number().nullish() }).nullish(),
    }),
  ),
});

/** The payouts of running payout batches not yet answered, and the moves to users of pending transfer batches. */
async function runningBatches(): Promise<Waiting[]> {
  const since = Date.now() - 24 * 60 * 60 * 1000;
  const recent = (created: string | null | undefined) => !created || Date.parse(created) >= since;
  const [payoutBatches, transferBatches] = await Promise.all([
    listPayoutBatches({ limit: 100 }),
    listTransferBatches({ limit: 100 }),
  ]);
  const waiting: Waiting[] = [];
  for (const batch of payoutBatches.data.filter((b) => b.status !== 'completed' && recent(b.created))) {
    const results = await request({
      method: 'GET',
      path: `/v2/payout-batches/${encodeURIComponent(batch.id)}/results`,
      query: { include_request: 'true' },
      response: resultsSchema,
    });
    const cents = results.items
      .filter((item) => !item.transfer && !item.error_code)
      .reduce((sum, item) => sum + (item.request?.amount ?? 0), 0);
    waiting.push({ appId: null, kind: 'pendingPayouts', cents });
  }
  for (const batch of transferBatches.data.filter((b) => b.status !== 'completed' && recent(b.created))) {
    const cents = (batch.items ?? [])
      .filter((item) => !item.transfer_id && !item.error)
      .reduce((sum, item) => sum + Math.max(0, -(item.amount ?? 0)), 0);
    waiting.push({ appId: null, kind: 'pendingPayouts', cents });
  }
  return waiting;
}

const READS: { what: string; read: () => Promise<Waiting[]> }[] = [
  { what: 'bills', read: approvedBills },
  { what: 'payout requests', read: undecidedPayoutRequests },
  { what: 'approval requests', read: waitingApprovals },
  { what: 'running batches', read: runningBatches },
];

/** Everything waiting; the team's approval requests only for a member (the organization's key has no team). */
export async function readWaiting(team: boolean): Promise<{ waiting: Waiting[]; unread: string[] }> {
  const reads = READS.filter(({ what }) => team || what !== 'approval requests');
  const settled = await Promise.allSettled(reads.map(({ read }) => read()));
  return {
    waiting: settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : [])),
    unread: reads.flatMap(({ what }, index) => (settled[index]?.status === 'rejected' ? [what] : [])),
  };
}

/** The apps' wallets that will not cover what waits for them (worst first), and what could not be read. */
export function useWalletShortfalls() {
  const { wallets } = useWallets();
  const role = useRole();
  // The team's approval requests, for those who may read them; the organization's key has no team.
  const team = role !== null && can(role, 'pay');
  const waiting = useQuery({
    queryKey: ['wallets', 'waiting', team],
    queryFn: () => readWaiting(team),
    staleTime: 10_000,
  });
  const known = wallets.flatMap((w) =>
    w.cents === null ? [] : [{ appId: w.appId, appName: w.appName, cents: w.cents }],
  );
  const fallback = walletPaying(wallets, null)?.appId ?? null;
  return {
    shortfalls:
      waiting.data && known.length > 0 ? walletShortfalls(known, waiting.data.waiting, fallback) : [],
    unread: waiting.data?.unread ?? [],
  };
}
